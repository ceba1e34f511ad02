import { z } from 'zod';
import { pageQueryFields } from './common';

export const payoutSchema = z.object({
  id: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  entries: z.number().int(),
  salePaise: z.number().int(),
  commissionPaise: z.number().int(),
  commissionGstPaise: z.number().int(),
  tcsPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  status: z.enum(['pending', 'paid']),
  bankReference: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/vendor/payouts. */
export const vendorPayoutsResponseSchema = z.object({
  summary: z.object({
    /** Delivered, the return window still open. */
    inReturnWindowPaise: z.number().int(),
    /** Return window closed, waiting for the weekly settlement. */
    payablePaise: z.number().int(),
    /** Settled in a payout not paid yet. */
    inPayoutPaise: z.number().int(),
    paidPaise: z.number().int(),
  }),
  rates: z.object({
    commission: z.array(z.object({ category: z.string(), rateBp: z.number().int() })),
    commissionGstBp: z.number().int(),
    tcsBp: z.number().int(),
    tdsBp: z.number().int(),
    tdsWithoutPanBp: z.number().int(),
  }),
  payouts: z.array(payoutSchema),
});
export type VendorPayouts = z.infer<typeof vendorPayoutsResponseSchema>;

export const ledgerQuerySchema = z.strictObject({
  ...pageQueryFields,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be like 2026-11')
    .optional(),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  salePaise: z.number().int(),
  commissionRateBp: z.number().int(),
  commissionPaise: z.number().int(),
  commissionGstPaise: z.number().int(),
  tcsPaise: z.number().int(),
  tdsPaise: z.number().int(),
  netPaise: z.number().int(),
  deliveredAt: z.string(),
  payableAt: z.string(),
  state: z.enum(['in_return_window', 'payable', 'in_payout', 'reversed']),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerResponseSchema = z.object({
  items: z.array(ledgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

export const statementQuerySchema = z.strictObject({
  month: z.string({ error: 'Choose a month' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be like 2026-11'),
});

export const payoutParamsSchema = z.strictObject({ payoutId: z.string().min(1).max(64) });
export const markPaidSchema = z.strictObject({
  bankReference: z
    .string({ error: 'Enter the bank reference (UTR) of the transfer' })
    .trim()
    .regex(/^[A-Za-z0-9]{8,30}$/, 'The bank reference (UTR) is 8 to 30 letters and digits'),
});
