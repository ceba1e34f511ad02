import { z } from 'zod';
import { productImageSchema } from './catalogue';
import { emailSchema } from './common';

/** How long a visitor's confirmation link works (decision 28). */
export const STOCK_ALERT_LINK_HOURS = 24;

/** What a visitor is told after asking, whether or not the address already waits for the product. */
export const STOCK_ALERT_CHECK_INBOX_MESSAGE =
  'Check your inbox: we have e-mailed you a link to confirm the alert. It works once, for 24 hours.';

const productIdField = z.string({ error: 'Give the product id' }).trim().min(1, 'Give the product id').max(60, 'Not a product id');

/**
 * Body of POST /api/stock-alerts. Signed in: only the product (the alert uses the account's address
 * and is on at once). A visitor also gives an address, which must be confirmed by the e-mailed link.
 */
export const stockAlertRequestSchema = z.strictObject({
  productId: productIdField,
  email: emailSchema.optional(),
});
export type StockAlertRequest = z.input<typeof stockAlertRequestSchema>;

/** The visitor's form on the product page: the same e-mail rule as the request, required. */
export const stockAlertEmailFormSchema = z.strictObject({ email: emailSchema });
export type StockAlertEmailForm = z.input<typeof stockAlertEmailFormSchema>;

/** A token from an alert e-mail's link (confirm or stop). */
export const stockAlertTokenSchema = z.strictObject({
  token: z
    .string({ error: 'This link is incomplete. Copy the whole link from the e-mail.' })
    .trim()
    .min(16, 'This link is incomplete. Copy the whole link from the e-mail.')
    .max(200, 'This link is not one of ours.'),
});

export const stockAlertIdParamsSchema = z.strictObject({ id: z.string().min(1).max(60, 'Not an alert id') });
export const stockAlertProductParamsSchema = z.strictObject({ productId: productIdField });

/** waiting: on, until the product is back; notified: its one e-mail went out. */
export const stockAlertStatusSchema = z.enum(['waiting', 'notified']);

/** One of the signed-in person's alerts. */
export const stockAlertSchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: stockAlertStatusSchema,
  /** Where the e-mail goes: the account's address. */
  email: z.string(),
  createdAt: z.string(),
  notifiedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** POST /api/stock-alerts, signed in (200): the alert is on. */
export const stockAlertOnResponseSchema = z.object({ status: z.literal('waiting'), alert: stockAlertSchema });
/** POST /api/stock-alerts, visitor (202): a confirmation link was e-mailed (the same answer for every address). */
export const stockAlertPendingResponseSchema = z.object({ status: z.literal('confirmation_sent'), message: z.string() });
export type StockAlertRequestResponse = z.infer<typeof stockAlertOnResponseSchema> | z.infer<typeof stockAlertPendingResponseSchema>;

/** GET /api/stock-alerts/product/:productId: the signed-in person's waiting alert for it, if any. */
export const productStockAlertResponseSchema = z.object({ alert: stockAlertSchema.nullable() });
export type ProductStockAlertResponse = z.infer<typeof productStockAlertResponseSchema>;

/** An alert on the account page, with what the product looks like now. */
export const stockAlertItemSchema = stockAlertSchema.extend({
  product: z.object({
    id: z.string(),
    name: z.string(),
    /** Customers may see and buy it (active, of an approved seller). */
    onSale: z.boolean(),
    inStock: z.boolean(),
    pricePaise: z.number().int().nullable(),
    image: productImageSchema.nullable(),
  }),
});
export type StockAlertItem = z.infer<typeof stockAlertItemSchema>;

export const stockAlertListResponseSchema = z.object({ items: z.array(stockAlertItemSchema) });
export type StockAlertListResponse = z.infer<typeof stockAlertListResponseSchema>;

/** POST /api/stock-alerts/confirm and /stop: what happened, said to the person who opened the link. */
export const stockAlertLinkResponseSchema = z.object({
  message: z.string(),
  product: z.object({ id: z.string(), name: z.string() }),
  /** Confirm only: the product is in stock already (the e-mail follows within a minute). */
  inStock: z.boolean(),
});
export type StockAlertLinkResponse = z.infer<typeof stockAlertLinkResponseSchema>;
