import { z } from 'zod';
import { pageQueryFields, paginatedSchema } from './common';

/**
 * E-invoices (decision 76): each B2B invoice's or credit note's registration with the Invoice
 * Registration Portal, as the admin's and the seller's "E-invoices" screens list them.
 */
export const EINVOICE_STATUSES = ['pending', 'registered', 'failed', 'cancelled'] as const;
export type EInvoiceStatus = (typeof EINVOICE_STATUSES)[number];

export const EINVOICE_STATUS_LABELS: Record<EInvoiceStatus, string> = {
  pending: 'Waiting to register',
  registered: 'Registered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The IRP's reasons for cancelling an IRN. */
export const EINVOICE_CANCEL_REASONS = ['1', '2', '3', '4'] as const;
export const EINVOICE_CANCEL_REASON_LABELS: Record<(typeof EINVOICE_CANCEL_REASONS)[number], string> = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
};

export const einvoicesQuerySchema = z.strictObject({
  ...pageQueryFields,
  status: z.enum(EINVOICE_STATUSES, { error: `Status is one of ${EINVOICE_STATUSES.join(', ')}` }).optional(),
});
export type EInvoicesQuery = z.output<typeof einvoicesQuerySchema>;

export const einvoiceRegistrationSchema = z.object({
  id: z.string(),
  /** The seller's id; null for the shop's own store. */
  vendorId: z.string().nullable(),
  documentType: z.enum(['INV', 'CRN']),
  documentNumber: z.string(),
  /** YYYY-MM-DD. */
  documentDate: z.string(),
  documentRef: z.string(),
  supplierGstin: z.string(),
  buyerGstin: z.string(),
  buyerName: z.string(),
  totalPaise: z.number().int(),
  status: z.enum(EINVOICE_STATUSES),
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  ackDate: z.string().nullable(),
  /** The signed QR payload (a JWS) that the invoice's QR code carries. */
  signedQrCode: z.string().nullable(),
  lastErrorCode: z.string().nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  /** Until when the IRN can still be cancelled (24 hours after its acknowledgement); null when it cannot. */
  cancellableUntil: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.enum(EINVOICE_CANCEL_REASONS).nullable(),
  cancelRemark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EInvoiceRegistration = z.infer<typeof einvoiceRegistrationSchema>;

/**
 * A seller's part of an order's invoice or credit note, as its e-invoice stands (decision 76): what
 * the order pages show and the PDF prints (the IRN, the acknowledgement and the signed QR code).
 */
export const documentEInvoiceSchema = z.object({
  sellerName: z.string(),
  supplierGstin: z.string(),
  status: z.enum(EINVOICE_STATUSES),
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  ackDate: z.string().nullable(),
  signedQrCode: z.string().nullable(),
});
export type DocumentEInvoice = z.infer<typeof documentEInvoiceSchema>;

/**
 * Whether a document is held back until the IRP registers it: an invoice or credit note is not
 * released without the IRN its seller needs (issue 49), so it is held while any of its e-invoices is
 * waiting, failed or cancelled. A document without e-invoices is never held.
 */
export function documentHeld(eInvoices: readonly Pick<DocumentEInvoice, 'status'>[] | undefined): boolean {
  return (eInvoices ?? []).some((e) => e.status !== 'registered');
}

/** Why a held document cannot be downloaded yet, as the order pages and the document routes say it. */
export function documentHeldMessage(
  document: 'invoice' | 'credit note',
  eInvoices: readonly Pick<DocumentEInvoice, 'status'>[] | undefined,
): string {
  const statuses = (eInvoices ?? []).map((e) => e.status);
  if (statuses.includes('cancelled'))
    return `This ${document}'s e-invoice (IRN) was cancelled with the GST portal, so the ${document} is no longer valid. Please contact us.`;
  if (statuses.includes('failed'))
    return `This ${document} is waiting for its e-invoice number (IRN) from the GST portal, which has not answered yet. The seller and our team are on it; it can be downloaded as soon as the IRN is issued.`;
  return `This ${document} is being registered with the GST e-invoice portal. It can be downloaded once its IRN is issued, usually within minutes.`;
}

export const einvoicesResponseSchema = paginatedSchema(einvoiceRegistrationSchema).extend({
  counts: z.object({ pending: z.number().int(), registered: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
});
export type EInvoicesResponse = z.infer<typeof einvoicesResponseSchema>;

export const einvoiceIdParamsSchema = z.strictObject({
  einvoiceId: z.string().regex(/^einv_[A-Za-z0-9]{1,40}$/, 'An e-invoice id looks like einv_…'),
});

export const cancelEInvoiceSchema = z.strictObject({
  reason: z.enum(EINVOICE_CANCEL_REASONS, { error: 'Choose why the IRN is cancelled' }),
  remark: z
    .string({ error: 'Write a remark' })
    .trim()
    .min(3, 'Write a remark of at least 3 characters')
    .max(100, 'The remark must be at most 100 characters'),
});
export type CancelEInvoice = z.infer<typeof cancelEInvoiceSchema>;

export const einvoiceResponseSchema = z.object({ einvoice: einvoiceRegistrationSchema });

/** GET and PUT /api/vendor/profile/e-invoicing: from which invoice date e-invoicing applies to the seller. */
export const eInvoicingSettingSchema = z.strictObject({
  /** YYYY-MM-DD from which the seller's aggregate turnover is above ₹5 crore; null when e-invoicing does not apply. */
  eInvoicingFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .refine((d) => d >= '2023-08-01', 'E-invoicing above ₹5 crore applies from 1 August 2023 at the earliest')
    .nullable(),
});
export type EInvoicingSetting = z.infer<typeof eInvoicingSettingSchema>;
