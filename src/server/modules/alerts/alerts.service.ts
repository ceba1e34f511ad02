import { paths } from '~/shared/paths';
import {
  STOCK_ALERT_CHECK_INBOX_MESSAGE,
  STOCK_ALERT_LINK_HOURS,
  type ProductStockAlertResponse,
  type StockAlert,
  type StockAlertItem,
  type StockAlertLinkResponse,
  type StockAlertRequestResponse,
} from '~/shared/schemas/stock-alerts';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { RequestMeta, Viewer } from '../../lib/viewer';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { MailService } from '../mail/mail.service';
import { hashConfirmToken, newConfirmToken, readStopToken } from './alert-links';
import * as repo from './alerts.repo';

const HOUR = 3600;
/**
 * Visitors' requests (each may e-mail a confirmation link): per client as the shop's other public
 * forms (PUBLIC_FORM_LIMIT_PER_HOUR), and per address so nobody can fill someone's inbox.
 */
export const ALERT_LIMITS = {
  perEmail: { max: 10, windowSeconds: HOUR },
  /** Links that did not work, per client: tokens are unguessable; this only keeps a script away. */
  failedLinksPerIp: { max: 30, windowSeconds: HOUR },
};
/** A second request within this long sends no second confirmation e-mail (a double click). */
const RESEND_AFTER_MS = 60_000;
const TOO_MANY = 'Too many back-in-stock requests.';
const TOO_MANY_LINKS = 'Too many e-mail links that did not work were opened from your network.';
const NOT_FOR_SALE = 'This product is not in our catalogue, or is no longer on sale.';
export const INVALID_CONFIRM_LINK = 'This link has expired or has already been used. Ask again from the product page.';
export const INVALID_STOP_LINK = 'This link is not one of ours. Open it again from the e-mail, or stop alerts from your account page.';
const MAX_LISTED = 200;

const toAlert = (row: repo.AlertRow, email: string): StockAlert => ({
  id: row.id,
  productId: row.productId,
  status: row.status === 'notified' ? 'notified' : 'waiting',
  email,
  createdAt: row.createdAt.toISOString(),
  notifiedAt: row.notifiedAt?.toISOString() ?? null,
});

/**
 * Back-in-stock alerts (decision 28): asking for one (signed in: on at once; a visitor: on once
 * the e-mailed link is opened), the account's list with Stop, and the links of the e-mails. The
 * e-mails themselves are written by the alert job (restock-notifier.ts).
 */
export function createAlertsService(deps: {
  db: Database;
  catalogueService: Pick<CatalogueService, 'byIds'>;
  mailService: Pick<MailService, 'enqueue'>;
  limiter: RateLimiter;
  publicUrl: string;
  publicFormLimitPerHour: number;
  /** Signs the stop links (the app's auth secret). */
  secret: string;
}) {
  const { db, catalogueService, mailService, limiter, publicUrl, secret } = deps;
  const perIp = { max: deps.publicFormLimitPerHour, windowSeconds: HOUR };

  /** The product, which must be on sale and sold out: an alert for one in stock would never be needed. */
  async function soldOutProduct(productId: string) {
    const product = await repo.productState(db, productId);
    if (!product?.onSale) throw new AppError('NOT_FOUND', NOT_FOR_SALE);
    if (product.inStock) throw new AppError('CONFLICT', `Good news: ${product.name} is in stock now. Add it to your cart.`);
    return product;
  }

  async function guardLinkTries(meta: RequestMeta) {
    const key = `stock-alert-link-fail:ip:${meta.ip}`;
    await limiter.check(key, ALERT_LIMITS.failedLinksPerIp, TOO_MANY_LINKS);
    return () => limiter.count(key, ALERT_LIMITS.failedLinksPerIp);
  }

  async function subscribeAccount(viewer: Viewer, productId: string): Promise<StockAlertRequestResponse> {
    await soldOutProduct(productId);
    const email = viewer.email.toLowerCase();
    const row = await db.transaction(async (tx) => {
      // A visitor's alert of the same address for this product is the same person's: the account's replaces it.
      await repo.dropVisitorAlert(tx, productId, email);
      return repo.upsertAccountAlert(tx, { productId, userId: viewer.userId, email });
    });
    return { status: 'waiting', alert: toAlert(row, viewer.email) };
  }

  async function subscribeVisitor(productId: string, email: string, meta: RequestMeta): Promise<StockAlertRequestResponse> {
    await limiter.hit(`stock-alert:ip:${meta.ip}`, perIp, TOO_MANY);
    await limiter.hit(`stock-alert:email:${email}`, ALERT_LIMITS.perEmail, TOO_MANY);
    const product = await soldOutProduct(productId);
    await db.transaction(async (tx) => {
      const { row, created } = await repo.lockVisitorAlert(tx, productId, email);
      const sentLately = row.confirmSentAt && Date.now() - row.confirmSentAt.getTime() < RESEND_AFTER_MS;
      if (!created && sentLately) return;
      const token = newConfirmToken();
      await repo.setConfirmToken(tx, row.id, hashConfirmToken(token), new Date(Date.now() + STOCK_ALERT_LINK_HOURS * HOUR * 1000));
      // The same e-mail whether the address already waits or not: the answer tells nobody which.
      await mailService.enqueue(tx, {
        to: email,
        template: 'stock_alert_confirm',
        data: {
          productName: product.name,
          confirmUrl: `${publicUrl}/back-in-stock/confirm?token=${encodeURIComponent(token)}`,
          hours: STOCK_ALERT_LINK_HOURS,
        },
      });
    });
    return { status: 'confirmation_sent', message: STOCK_ALERT_CHECK_INBOX_MESSAGE };
  }

  return {
    /** A merge of duplicates (decision 70), in its transaction: alerts on the duplicate wait for the kept product. */
    moveToProduct: (tx: Executor, fromId: string, toId: string) => repo.moveToProduct(tx, fromId, toId),
    /** Alerts still to send or confirm on the product (what a merge would move). */
    countOfProduct: (productId: string) => repo.countOfProduct(db, productId),
    /**
     * Asks to be told once when a sold-out product is back. Signed in: on at once, for the account's
     * address (asking again changes nothing). A visitor: a confirmation link to `email`, and the same
     * answer whatever the address (no one learns who waits for what). NOT_FOUND when the product is
     * not on sale, CONFLICT when it is in stock, RATE_LIMITED past the limits.
     */
    async request(viewer: Viewer | null, input: { productId: string; email?: string | undefined }, meta: RequestMeta) {
      if (viewer) return subscribeAccount(viewer, input.productId);
      if (!input.email) {
        throw new AppError('VALIDATION', 'Enter your e-mail address, or sign in.', { fields: { email: 'Enter your e-mail address' } });
      }
      return subscribeVisitor(input.productId, input.email, meta);
    },

    /** The account's waiting alert for a product (the product page's "We will e-mail you at …"). */
    async ofProduct(viewer: Viewer, productId: string): Promise<ProductStockAlertResponse> {
      const row = await repo.findWaitingOfUser(db, viewer.userId, productId);
      return { alert: row ? toAlert(row, viewer.email) : null };
    },

    /** The account's alerts that wait or were e-mailed, newest first, with each product as it is now. */
    async list(viewer: Viewer): Promise<StockAlertItem[]> {
      const rows = await repo.listOfUser(db, viewer.userId, MAX_LISTED);
      const cards = new Map((await catalogueService.byIds([...new Set(rows.map((r) => r.alert.productId))])).map((c) => [c.id, c]));
      return rows.map(({ alert, productName, onSale, inStock }) => {
        const card = onSale ? cards.get(alert.productId) : undefined;
        return {
          ...toAlert(alert, viewer.email),
          product: {
            id: alert.productId,
            name: productName,
            onSale,
            inStock,
            pricePaise: card?.pricePaise ?? null,
            image: card?.image ?? null,
          },
        };
      });
    },

    /** Stops one of the account's alerts (again: nothing changes). NOT_FOUND for an id that is not theirs. */
    async stop(viewer: Viewer, alertId: string): Promise<void> {
      if (!(await repo.stopOfUser(db, viewer.userId, alertId))) throw new AppError('NOT_FOUND', 'You have no alert with this id.');
    },

    /** Opens a visitor's confirmation link: the alert is on from now (single use, 24 hours). */
    async confirm(token: string, meta: RequestMeta): Promise<StockAlertLinkResponse> {
      const failed = await guardLinkTries(meta);
      const row = await db.transaction((tx) => repo.confirmByToken(tx, hashConfirmToken(token)));
      if (!row) {
        await failed();
        throw new AppError('VALIDATION', INVALID_CONFIRM_LINK, { fields: { token: INVALID_CONFIRM_LINK } });
      }
      const product = await repo.productState(db, row.productId);
      const name = product?.name ?? 'the product';
      const inStock = Boolean(product?.onSale && product.inStock);
      return {
        message: inStock
          ? `Good news: ${name} is in stock now. Your e-mail is on its way to ${row.email}, or buy it now.`
          : `You are on the list: we will e-mail ${row.email} once when ${name} is back in stock.`,
        product: { id: row.productId, name },
        inStock,
      };
    },

    /** An alert e-mail's stop link: every alert still on for that address (or account) stops. */
    async stopByLink(token: string, meta: RequestMeta): Promise<StockAlertLinkResponse> {
      const failed = await guardLinkTries(meta);
      const alertId = readStopToken(secret, token);
      const alert = alertId ? await repo.findAlert(db, alertId) : undefined;
      if (!alert) {
        await failed();
        throw new AppError('VALIDATION', INVALID_STOP_LINK, { fields: { token: INVALID_STOP_LINK } });
      }
      const stopped = await repo.stopAllOf(db, { userId: alert.userId, email: alert.email });
      const product = await repo.productState(db, alert.productId);
      return {
        message:
          stopped > 0
            ? `Done: we will send no more back-in-stock e-mails to this address (${stopped === 1 ? 'one alert' : `${stopped} alerts`} stopped).`
            : 'Done: no back-in-stock alerts are on for this address, so no more such e-mails will come.',
        product: { id: alert.productId, name: product?.name ?? 'the product' },
        inStock: false,
      };
    },

    /** Deletes an erased account's alerts and its address's (decision 26), in the caller's transaction. */
    eraseOf: (tx: Executor, owner: { userId: string; email: string }) => repo.deleteOf(tx, owner),
  };
}

/** Where a product's page is, for e-mails. */
export const productUrlOf = (publicUrl: string, productId: string) => `${publicUrl}${paths.product(productId)}`;

export type AlertsService = ReturnType<typeof createAlertsService>;
