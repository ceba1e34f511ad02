import { z } from 'zod';

/**
 * Cash on delivery reconciled (decision 81): the couriers' remittances of the cash they collected, uploaded as a
 * file (or read from the provider), each parcel's cash received once, and what each courier still owes.
 */

/** At most this many rows a remittance file (as the products' CSV, decision 56). */
export const REMITTANCE_FILE_MAX_ROWS = 10_000;
/** A remittance file's text, at most 2 MB (a courier's week is a few hundred rows). */
export const REMITTANCE_FILE_MAX_CHARS = 2 * 1024 * 1024;
export const REMITTANCE_COLUMNS_TEXT = 'AWB, amount (rupees, like 1249.50), remittance reference (UTR) and date (YYYY-MM-DD or DD-MM-YYYY)';

/** POST /api/admin/cod-remittances: the courier's remittance file as text. */
export const uploadRemittanceSchema = z.strictObject({
  /** The provider the AWBs are of; the shop's shipping provider when left out. */
  provider: z.string().trim().min(1).max(40).optional(),
  fileName: z.string().trim().max(200).optional(),
  csv: z
    .string({ error: 'Choose the remittance file (CSV)' })
    .min(1, 'The file is empty')
    .max(REMITTANCE_FILE_MAX_CHARS, 'A remittance file may be at most 2 MB; split it into smaller files.'),
});
export type UploadRemittance = z.infer<typeof uploadRemittanceSchema>;

export const REMITTANCE_ROW_OUTCOMES = ['received', 'already_remitted', 'unknown_awb', 'amount_mismatch', 'not_cod', 'invalid'] as const;
export type RemittanceRowOutcome = (typeof REMITTANCE_ROW_OUTCOMES)[number];
export const REMITTANCE_OUTCOME_LABELS: Record<RemittanceRowOutcome, string> = {
  received: 'Cash received',
  already_remitted: 'Already remitted',
  unknown_awb: 'Unknown AWB',
  amount_mismatch: 'Amount does not match',
  not_cod: 'Not cash on delivery',
  invalid: 'Cannot be read',
};

export const remittanceRowResultSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  awb: z.string(),
  reference: z.string(),
  amountPaise: z.number().int().nullable(),
  outcome: z.enum(REMITTANCE_ROW_OUTCOMES),
  /** What is wrong, in the admin's words; null when received. */
  message: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type RemittanceRowResult = z.infer<typeof remittanceRowResultSchema>;

export const uploadRemittanceResponseSchema = z.object({
  summary: z.object({
    rows: z.number().int(),
    received: z.number().int(),
    receivedPaise: z.number().int(),
    /** Rows not received: every outcome but `received`. */
    problems: z.number().int(),
    remittances: z.number().int(),
  }),
  rows: z.array(remittanceRowResultSchema),
});
export type UploadRemittanceResponse = z.infer<typeof uploadRemittanceResponseSchema>;

export const remittanceSchema = z.object({
  id: z.string(),
  provider: z.string(),
  reference: z.string(),
  remittedOn: z.string(),
  amountPaise: z.number().int(),
  parcels: z.number().int(),
  couriers: z.string(),
  source: z.enum(['upload', 'provider']),
  fileName: z.string().nullable(),
  createdAt: z.string(),
});
export type Remittance = z.infer<typeof remittanceSchema>;

export const owedParcelSchema = z.object({
  provider: z.string(),
  courierName: z.string(),
  awb: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  codAmountPaise: z.number().int(),
  deliveredAt: z.string(),
  /** Whole days since delivery. */
  ageDays: z.number().int(),
});
export type OwedParcel = z.infer<typeof owedParcelSchema>;

export const courierOwesSchema = z.object({
  provider: z.string(),
  courierName: z.string(),
  parcels: z.number().int(),
  amountPaise: z.number().int(),
  oldestDeliveredAt: z.string(),
  oldestAgeDays: z.number().int(),
});
export type CourierOwes = z.infer<typeof courierOwesSchema>;

/** GET /api/admin/cod-remittances: the latest remittances and what each courier still owes. */
export const codRemittancesResponseSchema = z.object({
  provider: z.string(),
  remittances: z.array(remittanceSchema),
  owed: z.object({
    couriers: z.array(courierOwesSchema),
    /** The oldest owed parcels first (at most 200). */
    parcels: z.array(owedParcelSchema),
    totalPaise: z.number().int(),
    totalParcels: z.number().int(),
  }),
});
export type CodRemittancesResponse = z.infer<typeof codRemittancesResponseSchema>;
