import { invoiceNumberOf } from '~/shared/orders';
import type { Executor } from '../db/client';
import { indiaDay } from '../lib/dates';
import type { EInvoiceInput, EInvoiceItem, EInvoiceParty } from '../modules/einvoices/einvoice-input';
import type { EInvoicesService } from '../modules/einvoices/einvoices.service';
import type { OrderRow } from '../modules/orders/order-steps';
import type { CreditNoteRow } from '../modules/returns/credit-notes';
import type { VendorsService } from '../modules/vendors/vendors.service';

/** The seller as the supplier of its e-invoices (the vendors' read). */
type Supplier = NonNullable<Awaited<ReturnType<VendorsService['supplierOf']>>>;

/** A document's line as the e-invoice takes it: the seller's, with the GST the order split. */
interface TaxedLine {
  vendorId: string;
  name: string;
  hsnCode: string;
  quantity: number;
  gstRateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** An order's line (the orders' row has these and more). */
type OrderLine = TaxedLine & { id: string };

/** The GST state code of a GSTIN: its first two digits. */
const stateCodeOf = (gstin: string) => gstin.slice(0, 2);

function supplierParty(s: Supplier): EInvoiceParty {
  return {
    gstin: s.gstin,
    legalName: s.legalName,
    tradeName: s.tradeName,
    address1: s.line1,
    // The portal takes a second line of 3 characters or more.
    ...(s.line2 && s.line2.trim().length >= 3 ? { address2: s.line2.trim() } : {}),
    location: s.city,
    pinCode: s.pinCode,
    stateCode: stateCodeOf(s.gstin),
    ...(s.phone ? { phone: s.phone } : {}),
    ...(s.email && s.email.length >= 6 ? { email: s.email } : {}),
  };
}

/** The business the order was bought for, as the buyer: its GSTIN's state is the place of supply (decision 71). */
function buyerParty(business: NonNullable<OrderRow['business']>) {
  const a = business.billingAddress;
  return {
    gstin: business.gstin,
    legalName: business.legalName,
    address1: a.line1,
    ...(a.line2 && a.line2.trim().length >= 3 ? { address2: a.line2.trim() } : {}),
    location: a.city,
    pinCode: a.pinCode,
    stateCode: stateCodeOf(business.gstin),
    placeOfSupplyStateCode: stateCodeOf(business.gstin),
  };
}

/**
 * The e-invoice of one seller's part of a document: its lines at the taxable values and GST the order
 * charged (never split again, so the e-invoice and the printed invoice agree to the paisa), the unit
 * price that value over the quantity. The delivery charge is the shop's own supply, never a seller's
 * (decision 19), so it is on no seller's e-invoice.
 */
function einvoiceInput(
  supplier: Supplier,
  business: NonNullable<OrderRow['business']>,
  document: EInvoiceInput['document'],
  lines: TaxedLine[],
): EInvoiceInput {
  const items = lines.map((l): EInvoiceItem => ({
    description: l.name,
    hsn: l.hsnCode,
    quantity: l.quantity,
    unit: 'NOS',
    unitPricePaise: Math.round(l.taxablePaise / l.quantity),
    grossPaise: l.taxablePaise,
    discountPaise: 0,
    taxablePaise: l.taxablePaise,
    gstRatePercent: l.gstRateBp / 100,
    igstPaise: l.igstPaise,
    cgstPaise: l.cgstPaise,
    sgstPaise: l.sgstPaise,
  }));
  const sum = (pick: (i: EInvoiceItem) => number) => items.reduce((n, i) => n + pick(i), 0);
  return {
    supplier: supplierParty(supplier),
    buyer: buyerParty(business),
    document,
    items,
    totals: {
      taxablePaise: sum((i) => i.taxablePaise),
      igstPaise: sum((i) => i.igstPaise),
      cgstPaise: sum((i) => i.cgstPaise),
      sgstPaise: sum((i) => i.sgstPaise),
      otherChargesPaise: 0,
      roundOffPaise: 0,
      invoicePaise: sum((i) => i.taxablePaise + i.igstPaise + i.cgstPaise + i.sgstPaise),
    },
  };
}

/**
 * The e-invoices of a business's documents (decision 76), asked for inside the transaction that issues
 * the document: the invoice when the order is confirmed (placed with cash on delivery, or paid), a
 * credit note when it is written. Each seller of the document is its supplier (decision 19); a seller
 * that e-invoices on the document's date (`einvoices.required`) and has a GSTIN gets its part
 * registered by the job. A consumer's documents, and a seller that does not e-invoice, get none.
 */
export function createEInvoiceDocuments(deps: {
  einvoices: Pick<EInvoicesService, 'required' | 'request'>;
  supplierOf: VendorsService['supplierOf'];
}) {
  const { einvoices, supplierOf } = deps;

  async function request(tx: Executor, order: OrderRow, document: EInvoiceInput['document'], lines: readonly TaxedLine[]) {
    const business = order.business;
    if (!business) return;
    for (const vendorId of [...new Set(lines.map((l) => l.vendorId))]) {
      if (!(await einvoices.required(vendorId, document.date))) continue;
      const supplier = await supplierOf(vendorId, tx);
      if (!supplier) continue;
      const theirs = lines.filter((l) => l.vendorId === vendorId && l.quantity > 0);
      if (theirs.length === 0) continue;
      await einvoices.request(tx, {
        input: einvoiceInput(supplier, business, document, theirs),
        vendorId,
        documentRef: `${order.id}/${document.type}/${document.number}/${vendorId}`,
      });
    }
  }

  return {
    /** The order's invoice was issued (`at`: when it was confirmed): each e-invoicing seller's part is registered. */
    invoiceIssued: (tx: Executor, order: OrderRow, items: readonly OrderLine[], at: Date) =>
      request(tx, order, { type: 'INV', number: invoiceNumberOf(order.orderNumber), date: indiaDay(at) }, items),

    /** A credit note was written against the order's invoice: each e-invoicing seller's credited lines are registered. */
    creditNoteIssued: (
      tx: Executor,
      order: OrderRow,
      items: readonly OrderLine[],
      note: Pick<CreditNoteRow, 'number' | 'createdAt' | 'lines'>,
    ) =>
      request(
        tx,
        order,
        { type: 'CRN', number: note.number, date: indiaDay(note.createdAt) },
        note.lines.flatMap((l) => {
          const item = items.find((i) => i.id === l.itemId);
          return item ? [{ ...l, vendorId: item.vendorId, name: l.name, hsnCode: l.hsnCode }] : [];
        }),
      ),
  };
}

export type EInvoiceDocuments = ReturnType<typeof createEInvoiceDocuments>;
