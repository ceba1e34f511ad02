import { configurationName } from '~/shared/catalogue';
import { formatPaise } from '~/shared/money';
import {
  MAX_OPEN_QUOTE_REQUESTS,
  type Quote,
  type QuoteAnswer,
  type QuoteRequestInput,
  type QuoteStatus,
  type VendorQuote,
  type VendorQuotesQuery,
} from '~/shared/schemas/quotes';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { BusinessesService } from '../addresses/businesses.service';
import type { AuditService } from '../audit/audit.service';
import type { InventoryService } from '../catalogue/inventory.service';
import type { MailService } from '../mail/mail.service';
import * as repo from './quotes.repo';

const NOT_FOUND = 'This quote was not found.';
const DAY_MS = 86_400_000;

/** The status a person reads: an answered quote past its validity has expired. */
export function shownStatus(row: Pick<repo.QuoteRow, 'status' | 'validUntil'>, now: Date): QuoteStatus {
  if (row.status === 'answered' && row.validUntil && row.validUntil <= now) return 'expired';
  return row.status as QuoteStatus;
}

function toQuote(row: repo.QuoteRow, now: Date): Quote {
  return {
    id: row.id,
    status: shownStatus(row, now),
    productId: row.productId,
    offerId: row.offerId,
    productName: row.productName,
    image: row.imageId ? { id: row.imageId, alt: row.productName, width: 1200, height: 900 } : null,
    sellerName: row.sellerName,
    quantity: row.quantity,
    note: row.note,
    business: row.business ? { id: row.businessId, gstin: row.business.gstin, legalName: row.business.legalName } : null,
    listPricePaise: row.listPricePaise,
    mrpPaise: row.mrpPaise,
    unitPricePaise: row.unitPricePaise,
    validDays: row.validDays,
    validUntil: row.validUntil?.toISOString() ?? null,
    answerNote: row.answerNote,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

const toVendorQuote = (row: repo.QuoteWithCustomer, now: Date): VendorQuote => ({ ...toQuote(row, now), customerName: row.customerName });

/** A day as a person in India reads it: 14 Dec 2026. */
const dayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

/** What the checkout reads of a quote it is asked to pay (decision 77). */
export interface QuoteForCheckout {
  id: string;
  productId: string;
  offerId: string;
  quantity: number;
  unitPricePaise: number | null;
  /** The business it was asked for, when it still exists; `askedAsBusiness` even when it was deleted since. */
  businessId: string | null;
  askedAsBusiness: boolean;
  status: QuoteStatus;
  validUntil: Date | null;
}

/**
 * Quotes for quantity (decision 77): a signed-in customer asks one seller's offer for a price on a quantity, for one
 * of their businesses or as a consumer; the seller (the session's vendor, filtered in SQL; another vendor's quote is
 * NOT_FOUND) answers with a unit price at most the MRP and a validity of 1–30 days, or declines with a reason; each
 * answer is audited and e-mailed in its transaction. The checkout pays an answered, unexpired quote once
 * (`forCheckout`, and `markOrdered` in the flow `place-order`).
 */
export function createQuotesService(deps: {
  db: Database;
  /** Reads only: the offer asked, as the checkout prices it (price, MRP, stock, seller). */
  inventory: Pick<InventoryService, 'productsForCheckout'>;
  businesses: Pick<BusinessesService, 'findOwn'>;
  audit: Pick<AuditService, 'record'>;
  mailService: Pick<MailService, 'enqueue'>;
  /** The seller's e-mail and name (the vendors' read). */
  vendorContact: (vendorId: string, tx: Executor) => Promise<{ email: string; name: string; businessName: string } | null>;
  /** The customer's e-mail and name (identity's read). */
  customerContact: (userId: string) => Promise<{ email: string; name: string }>;
  publicUrl: string;
}) {
  const { db, audit, mailService } = deps;
  const accountQuotesUrl = `${deps.publicUrl}/account/quotes`;
  const vendorQuotesUrl = `${deps.publicUrl}/vendor/quotes`;

  async function mailCustomer(tx: Executor, row: repo.QuoteRow, mail: 'answered' | 'declined') {
    const to = await deps.customerContact(row.userId);
    const base = { name: to.name, productName: row.productName, quantity: row.quantity, url: accountQuotesUrl, sellerName: row.sellerName };
    if (mail === 'answered') {
      await mailService.enqueue(tx, {
        to: to.email,
        toName: to.name,
        template: 'quote_answered',
        data: {
          ...base,
          unitPricePaise: row.unitPricePaise!,
          validUntil: dayOf(row.validUntil!),
          ...(row.answerNote ? { note: row.answerNote } : {}),
        },
      });
    } else {
      await mailService.enqueue(tx, {
        to: to.email,
        toName: to.name,
        template: 'quote_declined',
        data: { ...base, reason: row.declineReason! },
      });
    }
  }

  /** The vendor's quote locked for an answer: one that was ordered cannot change. */
  async function answerable(tx: Executor, vendorId: string, quoteId: string) {
    const row = await repo.findOfVendor(tx, vendorId, quoteId, true);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (row.status === 'ordered') throw new AppError('CONFLICT', 'This quote was already paid for with an order; it can no longer change.');
    return row;
  }

  return {
    /** A customer asks for a price (the product page's "Request a quote"); the seller is e-mailed. */
    async request(userId: string, input: QuoteRequestInput, customerName: string): Promise<Quote> {
      const offerId = input.offerId ?? input.productId;
      const [offer] = await deps.inventory.productsForCheckout([offerId]);
      if (!offer || !offer.on_sale || offer.id !== input.productId) {
        throw new AppError('NOT_FOUND', 'This product is not for sale, so no quote can be asked for it.');
      }
      const business = input.businessId ? await deps.businesses.findOwn(userId, input.businessId) : undefined;
      if (input.businessId && !business) {
        throw new AppError('NOT_FOUND', 'This business is not in your account.', {
          fields: { businessId: 'Choose one of your businesses' },
        });
      }
      const name = configurationName(offer.name, offer.variant_options, offer.option_keys);
      return db.transaction(async (tx) => {
        await repo.lockCustomerQuotes(tx, userId);
        if ((await repo.countOpen(tx, userId)) >= MAX_OPEN_QUOTE_REQUESTS) {
          throw new AppError(
            'CONFLICT',
            `You have ${MAX_OPEN_QUOTE_REQUESTS} quote requests waiting for sellers. Wait for their answers before asking for more.`,
          );
        }
        const row = await repo.insertQuote(tx, {
          id: newId('quo'),
          userId,
          productId: offer.id,
          offerId: offer.offer_id,
          vendorId: offer.vendor_id,
          businessId: business?.id ?? null,
          business: business ? { gstin: business.gstin, legalName: business.legalName } : null,
          productName: name,
          imageId: offer.image_id,
          sellerName: offer.seller_name,
          quantity: input.quantity,
          note: input.note || null,
          listPricePaise: offer.price_paise,
          mrpPaise: offer.mrp_paise,
        });
        const seller = await deps.vendorContact(offer.vendor_id, tx);
        if (seller) {
          await mailService.enqueue(tx, {
            to: seller.email,
            toName: seller.businessName,
            template: 'quote_requested',
            data: {
              name: seller.businessName,
              productName: name,
              quantity: input.quantity,
              customerName,
              ...(business ? { businessName: business.legalName } : {}),
              ...(row.note ? { note: row.note } : {}),
              url: vendorQuotesUrl,
            },
          });
        }
        return toQuote(row, new Date());
      });
    },

    /** The customer's quotes (My quotes), newest first. */
    async listOwn(userId: string, now = new Date()): Promise<Quote[]> {
      return (await repo.listOfCustomer(db, userId)).map((r) => toQuote(r, now));
    },

    async getOwn(userId: string, quoteId: string, now = new Date()): Promise<Quote> {
      const row = await repo.findOfCustomer(db, userId, quoteId);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toQuote(row, now);
    },

    /** The seller centre's list: the vendor's quotes only, of one status when asked, and how many wait for an answer. */
    async listOfVendor(vendorId: string, query: VendorQuotesQuery, now = new Date()) {
      const [rows, requestedCount] = await Promise.all([
        repo.listOfVendor(db, vendorId, query.status, now),
        repo.countRequestedOfVendor(db, vendorId),
      ]);
      return { items: rows.map((r) => toVendorQuote(r, now)), requestedCount };
    },

    async getOfVendor(vendorId: string, quoteId: string, now = new Date()): Promise<VendorQuote> {
      const row = await repo.findOfVendor(db, vendorId, quoteId);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toVendorQuote(row, now);
    },

    /**
     * The seller's price: at most the configuration's MRP now (it may be below the offer's price), valid for
     * `validDays` from now. A quote answered before (even expired) may be answered again with a new price and
     * validity; an ordered one cannot. Audited and e-mailed to the customer.
     */
    async answer(vendorId: string, quoteId: string, input: QuoteAnswer, now = new Date()): Promise<VendorQuote> {
      await db.transaction(async (tx) => {
        const before = await answerable(tx, vendorId, quoteId);
        const [offer] = await deps.inventory.productsForCheckout([before.offerId], tx);
        const mrpPaise = offer?.mrp_paise ?? before.mrpPaise;
        if (input.unitPricePaise > mrpPaise) {
          const message = `At most the MRP, ${formatPaise(mrpPaise)}`;
          throw new AppError('VALIDATION', `The price cannot be above the MRP of ${formatPaise(mrpPaise)}.`, {
            fields: { unitPricePaise: message },
          });
        }
        const validUntil = new Date(now.getTime() + input.validDays * DAY_MS);
        const after = {
          status: 'answered',
          unitPricePaise: input.unitPricePaise,
          validDays: input.validDays,
          validUntil,
          mrpPaise,
          answerNote: input.note || null,
          answeredAt: now,
          declineReason: null,
        };
        await repo.updateQuote(tx, quoteId, after);
        await audit.record(tx, {
          action: 'quote.answer',
          entityType: 'quote',
          entityId: quoteId,
          vendorId,
          summary: `Offered ${before.quantity} × ${before.productName} at ${formatPaise(input.unitPricePaise)} each, valid ${input.validDays} days, to ${before.customerName}`,
          before: { status: shownStatus(before, now), unitPricePaise: before.unitPricePaise, validUntil: before.validUntil },
          after: { status: 'answered', unitPricePaise: input.unitPricePaise, validDays: input.validDays, validUntil },
        });
        await mailCustomer(tx, { ...before, ...after }, 'answered');
      });
      return this.getOfVendor(vendorId, quoteId, now);
    },

    /** The seller declines with a reason; audited and e-mailed to the customer. */
    async decline(vendorId: string, quoteId: string, reason: string, now = new Date()): Promise<VendorQuote> {
      await db.transaction(async (tx) => {
        const before = await answerable(tx, vendorId, quoteId);
        if (before.status === 'declined') throw new AppError('CONFLICT', 'This quote request was already declined.');
        await repo.updateQuote(tx, quoteId, { status: 'declined', declineReason: reason, answeredAt: now });
        await audit.record(tx, {
          action: 'quote.decline',
          entityType: 'quote',
          entityId: quoteId,
          vendorId,
          summary: `Declined the request of ${before.customerName} for ${before.quantity} × ${before.productName}`,
          before: { status: shownStatus(before, now) },
          after: { status: 'declined', reason },
        });
        await mailCustomer(tx, { ...before, status: 'declined', declineReason: reason }, 'declined');
      });
      return this.getOfVendor(vendorId, quoteId, now);
    },

    /** The checkout's read of a quote it is asked to pay: the customer's own, or undefined. */
    async forCheckout(tx: Executor, userId: string, quoteId: string, now: Date): Promise<QuoteForCheckout | undefined> {
      const row = await repo.findOfCustomer(tx, userId, quoteId);
      if (!row) return undefined;
      return {
        id: row.id,
        productId: row.productId,
        offerId: row.offerId,
        quantity: row.quantity,
        unitPricePaise: row.unitPricePaise,
        businessId: row.businessId,
        askedAsBusiness: row.business !== null,
        status: shownStatus(row, now),
        validUntil: row.validUntil,
      };
    },

    /** The flow `place-order`: the quote used by the order, once (false when another order or a new answer came first). */
    markOrdered: (tx: Executor, use: Parameters<typeof repo.markOrdered>[1]) => repo.markOrdered(tx, use),
  };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
