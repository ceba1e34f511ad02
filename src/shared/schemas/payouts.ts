import { z } from 'zod';
import { CATEGORIES } from '../constants';
import { bankReferenceSchema } from './bank-account';
import { pageQueryFields, paginatedSchema, sortQuerySchema } from './common';

/** A calendar month of a statement or a filter, like 2026-11. */
export const monthSchema = z
  .string({ error: 'Choose a month' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month, like 2026-11')
  .refine((m) => m >= '2020-01', 'The shop opened in 2020: choose a month from January 2020');

/**
 * Where a ledger entry stands. A line is in the return window until the customer's 7 days after
 * delivery have passed; held while the customer returns it, or, for a cash-on-delivery parcel that
 * went by courier, until the courier remits its cash (decision 81); payable once the window closed; then
 * in a weekly payout, and paid when the bank transfer is recorded. A line refunded before it was
 * paid out is reversed: it is never paid.
 */
export const LEDGER_STATES = [
  'in_return_window',
  'return_requested',
  'awaiting_cod_cash',
  'payable',
  'in_payout',
  'paid',
  'reversed',
] as const;
export type LedgerState = (typeof LEDGER_STATES)[number];
export const LEDGER_STATE_LABELS: Record<LedgerState, string> = {
  in_return_window: 'In return window',
  return_requested: 'Return requested',
  awaiting_cod_cash: "Waiting for the courier's cash",
  payable: 'Payable',
  in_payout: 'In a payout',
  paid: 'Paid',
  reversed: 'Refunded (reversed)',
};

export const PAYOUT_STATUSES = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { pending: 'To be paid', paid: 'Paid' };

/** The figures every ledger line, payout and total carries. */
const moneyFields = {
  salePaise: z.number().int(),
  commissionPaise: z.number().int(),
  commissionGstPaise: z.number().int(),
  tcsPaise: z.number().int(),
  tdsPaise: z.number().int(),
  /** Courier charges deducted (GST included), decision 81. */
  courierChargePaise: z.number().int(),
  netPaise: z.number().int(),
};

export const payoutSchema = z.object({
  id: z.string(),
  /** The settlement week, Monday to Sunday (India time), as YYYY-MM-DD. */
  periodStart: z.string(),
  periodEnd: z.string(),
  entries: z.number().int(),
  ...moneyFields,
  status: z.enum(PAYOUT_STATUSES),
  /** The bank's reference (UTR) of the transfer, once paid. */
  bankReference: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  ...moneyFields,
  taxablePaise: z.number().int(),
  commissionRateBp: z.number().int(),
  /**
   * What the customer's coupon took off the line: the sale is the line's units at their price less
   * this, and the seller bears it (decisions 15, 49). 0 without a coupon; negative on a refund
   * entry, as its other figures are (the refunded units' share comes back with them).
   */
  couponSharePaise: z.number().int(),
  /** The GST (18%) included in a courier charge's `courierChargePaise`; 0 on other lines. */
  courierChargeGstPaise: z.number().int(),
  /** TCS as CGST + SGST (true) or IGST (false). */
  intraState: z.boolean(),
  deliveredAt: z.string(),
  payableAt: z.string(),
  state: z.enum(LEDGER_STATES),
  /**
   * 'sale': a delivered line; 'refund': units of it refunded later, every figure (and the quantity)
   * negative, deducted with the sale or from the next payout; 'courier': a courier shipment's charge
   * (GST included), deducted from the next weekly payout after the booking.
   */
  kind: z.enum(['sale', 'refund', 'courier']),
  /** What the line is, in the seller's words: "2 × Laptop", "Refund of 1 × <product> on order <number>". */
  description: z.string(),
  payoutId: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** The rates in force and their legal sources, as the vendor's page explains them. */
export const payoutRatesSchema = z.object({
  commission: z.array(z.object({ category: z.string(), rateBp: z.number().int() })),
  commissionGst: z.object({ bp: z.number().int(), source: z.string() }),
  tcs: z.object({ bp: z.number().int(), since: z.string(), source: z.string() }),
  tds: z.object({ bp: z.number().int(), since: z.string(), source: z.string() }),
  tdsWithoutPan: z.object({ bp: z.number().int(), source: z.string() }),
  /** The TDS rate this vendor is charged: whether it has given a PAN (or a GSTIN, which carries one). */
  vendorTdsBp: z.number().int(),
  /**
   * The seller is the shop's own store (its GSTIN is the shop's, decision 51): its lines delivered
   * from now on are charged no commission, GST on it, TCS or TDS.
   */
  ownStore: z.boolean(),
  returnWindowDays: z.number().int(),
});
export type PayoutRates = z.infer<typeof payoutRatesSchema>;

/** GET /api/vendor/payouts. */
export const vendorPayoutsResponseSchema = z.object({
  summary: z.object({
    /** Return window closed, not paid yet: waiting for the weekly settlement or in a payout being transferred. */
    payableNowPaise: z.number().int(),
    /** …of which already settled in a payout whose transfer is not recorded yet. */
    inPayoutPaise: z.number().int(),
    /** Delivered, the customer's return window still open (or a return asked for). */
    inReturnWindowPaise: z.number().int(),
    /** Delivered cash-on-delivery parcels whose cash the courier has not remitted yet (decision 81). */
    awaitingCodCashPaise: z.number().int(),
    paidPaise: z.number().int(),
    /** The Monday (YYYY-MM-DD) of the next weekly settlement. */
    nextSettlementOn: z.string(),
  }),
  rates: payoutRatesSchema,
  /** The latest weekly payouts, newest first. */
  payouts: z.array(payoutSchema),
});
export type VendorPayouts = z.infer<typeof vendorPayoutsResponseSchema>;

export const payoutDetailResponseSchema = z.object({ payout: payoutSchema, entries: z.array(ledgerEntrySchema) });
export type PayoutDetail = z.infer<typeof payoutDetailResponseSchema>;

export const LEDGER_SORTS = ['delivered', 'net'] as const;
export const ledgerQuerySchema = z.strictObject({
  ...pageQueryFields,
  month: monthSchema.optional(),
  state: z.enum(LEDGER_STATES, { error: 'Choose a state from the list' }).optional(),
  q: z.string().trim().max(40, 'An order number is at most 40 characters').optional(),
  sort: sortQuerySchema(LEDGER_SORTS, '-delivered'),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

export const ledgerResponseSchema = paginatedSchema(ledgerEntrySchema).extend({
  /**
   * Totals over every entry the filters match (reversed entries left out). `salePaise` is after the
   * coupon: `salePaise + couponSharePaise` is the lines at their price, and the commission, TCS
   * and TDS are worked out on `salePaise`.
   */
  totals: z.object({ ...moneyFields, couponSharePaise: z.number().int() }),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

export const statementParamsSchema = z.strictObject({ month: monthSchema });
export const payoutParamsSchema = z.strictObject({ payoutId: z.string().min(1).max(64) });

/** Today's date in India (YYYY-MM-DD), the day a payout can be paid on at the latest. */
export const todayInIndia = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** POST /api/admin/payouts/{id}/paid. `paidOn`: the day the bank made the transfer (India time), today when left out. */
export const markPaidSchema = z.strictObject({
  bankReference: bankReferenceSchema,
  paidOn: z.iso
    .date({ error: 'Enter the date of the transfer (YYYY-MM-DD)' })
    .refine((d) => d >= '2020-01-01', 'The date of the transfer cannot be before 2020')
    .refine((d) => d <= todayInIndia(), 'The date of the transfer cannot be in the future')
    .optional(),
});
export type MarkPaidInput = z.input<typeof markPaidSchema>;

/** The bank account a payout goes to, as the admin's list shows it (never the whole number). */
export const payoutBankAccountSchema = z.object({ holderName: z.string(), maskedNumber: z.string(), ifsc: z.string() });

export const adminPayoutSchema = payoutSchema.extend({
  vendorId: z.string(),
  vendorName: z.string(),
  vendorGstin: z.string().nullable(),
  /** Every line of the payout is a sale of the shop's own store (decision 51): nothing was deducted. */
  ownStore: z.boolean(),
  /** Where the transfer goes; null when the vendor has given no bank account (it is left out of the bank file). */
  bankAccount: payoutBankAccountSchema.nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** A settlement week, by its Monday. */
export const weekSchema = z.iso
  .date({ error: 'Choose a week by its Monday (YYYY-MM-DD)' })
  .refine((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1, 'A settlement week starts on a Monday');

export const adminPayoutsFilterFields = {
  status: z.enum(PAYOUT_STATUSES, { error: 'Choose to be paid or paid' }).optional(),
  q: z.string().trim().max(80, 'A seller name is at most 80 characters').optional(),
  vendorId: z.string().trim().min(1).max(64, 'A vendor id is at most 64 characters').optional(),
  week: weekSchema.optional(),
};

export const adminPayoutsQuerySchema = z.strictObject({ ...pageQueryFields, ...adminPayoutsFilterFields });
export type AdminPayoutsQuery = z.output<typeof adminPayoutsQuerySchema>;

/** GET /api/admin/payouts/bank-file.csv: the payouts to be paid that match (by vendor, by week). */
export const bankFileQuerySchema = z.strictObject({
  vendorId: adminPayoutsFilterFields.vendorId,
  week: adminPayoutsFilterFields.week,
});
export type BankFileQuery = z.output<typeof bankFileQuerySchema>;

const totalsSchema = z.object({ payouts: z.number().int(), ...moneyFields });
export const adminPayoutsResponseSchema = paginatedSchema(adminPayoutSchema).extend({
  /** Totals over every payout the filters match. */
  totals: totalsSchema,
  /** What is owed now: every payout to be paid (whatever the filters), and how many of them lack a bank account. */
  owed: z.object({ payouts: z.number().int(), netPaise: z.number().int(), withoutBankAccount: z.number().int() }),
});
export type AdminPayoutsResponse = z.infer<typeof adminPayoutsResponseSchema>;

export const settleResponseSchema = z.object({
  /** The settlement week that was settled (Monday). */
  periodStart: z.string(),
  payouts: z.number().int(),
  entries: z.number().int(),
});

export const commissionRateSchema = z.object({ category: z.string(), rateBp: z.number().int(), updatedAt: z.string() });
export const commissionRatesResponseSchema = z.object({ rates: z.array(commissionRateSchema) });
export type CommissionRates = z.infer<typeof commissionRatesResponseSchema>;

/** The highest commission rate, in basis points (5000 = 50%). */
export const COMMISSION_RATE_MAX_BP = 5000;

/** PUT /api/admin/commission-rates: the rate of each category, from 0% to 50%, for lines delivered from now on. */
export const updateCommissionRatesSchema = z.strictObject({
  rates: z
    .array(
      z.strictObject({
        category: z.enum(CATEGORIES, { error: 'Choose Laptop, Desktop or Monitor' }),
        rateBp: z
          .number({ error: 'Enter the rate in basis points (500 = 5%)' })
          .int('The rate is a whole number of basis points (500 = 5%)')
          .min(0, 'The rate cannot be negative')
          .max(COMMISSION_RATE_MAX_BP, `The rate is at most ${COMMISSION_RATE_MAX_BP / 100}% (${COMMISSION_RATE_MAX_BP} basis points)`),
      }),
    )
    .min(1, 'Give at least one rate')
    .max(CATEGORIES.length)
    .refine((rates) => new Set(rates.map((r) => r.category)).size === rates.length, 'Give each category once'),
});
export type UpdateCommissionRates = z.infer<typeof updateCommissionRatesSchema>;

/** Commission rates are whole basis points from 0 to 5000 (0% to 50%). */
export const rateBpSchema = z
  .number({ error: 'Enter the rate in basis points (500 = 5%)' })
  .int('The rate is a whole number of basis points (500 = 5%)')
  .min(0, 'The rate cannot be negative')
  .max(COMMISSION_RATE_MAX_BP, `The rate is at most ${COMMISSION_RATE_MAX_BP / 100}% (${COMMISSION_RATE_MAX_BP} basis points)`);

/** A vendor's commission plan: its own rate for some categories (the others use the category's rate). */
export const vendorCommissionPlanSchema = z.object({
  vendorId: z.string(),
  vendorName: z.string(),
  rates: z.array(z.object({ category: z.string(), rateBp: z.number().int(), updatedAt: z.string() })),
});
export type VendorCommissionPlan = z.infer<typeof vendorCommissionPlanSchema>;

/** GET /api/admin/commission-plans: the vendors with a plan of their own, by name. */
export const commissionPlansQuerySchema = z.strictObject({
  ...pageQueryFields,
  vendorId: z.string().trim().min(1).max(64).optional(),
});
export type CommissionPlansQuery = z.output<typeof commissionPlansQuerySchema>;
export const commissionPlansResponseSchema = paginatedSchema(vendorCommissionPlanSchema);
export type CommissionPlansResponse = z.infer<typeof commissionPlansResponseSchema>;

export const vendorParamsSchema = z.strictObject({ vendorId: z.string().min(1).max(64) });

/**
 * PUT /api/admin/commission-plans/{vendorId}: the vendor's whole plan. A category with a rate uses
 * it for the vendor's lines delivered from now on; a category left out goes back to the category's rate
 * (an empty list ends the plan).
 */
export const setCommissionPlanSchema = z.strictObject({
  rates: z
    .array(
      z.strictObject({
        category: z.enum(CATEGORIES, { error: 'Choose Laptop, Desktop or Monitor' }),
        rateBp: rateBpSchema,
      }),
    )
    .max(CATEGORIES.length)
    .refine((rates) => new Set(rates.map((r) => r.category)).size === rates.length, 'Give each category once'),
});
export type SetCommissionPlan = z.infer<typeof setCommissionPlanSchema>;
