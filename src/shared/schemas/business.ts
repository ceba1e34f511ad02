import { z } from 'zod';
import { gstinProblem } from '../gstin';
import { gstCodeOfState, INDIAN_STATES } from '../india';
import { gstinStateProblem } from '../india-tax-ids';
import { line1Schema, line2Schema, pinStateProblem } from './address';
import { citySchema, idParamSchema, indianStateSchema, pinCodeSchema } from './common';

/** Most businesses one customer can keep (decision 71). */
export const MAX_BUSINESSES = 10;

const GSTIN_FORMAT_MESSAGE = 'GSTIN must be 15 characters, like 27AAPFU0939F1ZV';

/** A buyer's GSTIN: required, with the format and check character of a seller's (shared/gstin.ts). */
export const buyerGstinSchema = z
  .string({ error: 'Enter the GSTIN of your business' })
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    if (v === '') return void ctx.addIssue({ code: 'custom', message: 'Enter the GSTIN of your business' });
    const problem = gstinProblem(v);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: GSTIN_FORMAT_MESSAGE });
    else if (problem === 'checksum')
      ctx.addIssue({ code: 'custom', message: 'This GSTIN is not valid: its last character does not match. Please check it.' });
    else if (!INDIAN_STATES.some((s) => s.gstCode === v.slice(0, 2)))
      ctx.addIssue({ code: 'custom', message: `No state has the GST code ${v.slice(0, 2)}: a GSTIN starts with its state's code` });
  });

export const legalNameSchema = z
  .string({ error: 'Enter the legal name of the business' })
  .trim()
  .min(2, 'Legal name must be at least 2 characters')
  .max(120, 'Legal name must be at most 120 characters');

/**
 * Body of POST /api/businesses: a business a customer buys for. The billing address must be in the
 * GSTIN's state (its first two digits are the state's GST code) and its PIN code in that state.
 */
export const createBusinessSchema = z
  .strictObject({
    gstin: buyerGstinSchema,
    legalName: legalNameSchema,
    line1: line1Schema,
    line2: line2Schema,
    city: citySchema,
    state: indianStateSchema,
    pinCode: pinCodeSchema,
  })
  .superRefine((v, ctx) => {
    if (gstinProblem(v.gstin) === null) {
      const problem = gstinStateProblem(v.gstin, v.state);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['state'] });
    }
    const pin = pinStateProblem(v.pinCode, v.state);
    if (pin) ctx.addIssue({ code: 'custom', message: pin, path: ['pinCode'] });
  });
export type CreateBusinessInput = z.input<typeof createBusinessSchema>;
export type CreateBusiness = z.output<typeof createBusinessSchema>;

export const businessParamsSchema = idParamSchema;

export const billingAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/** A business in the customer's book. */
export const businessSchema = z.object({
  id: z.string(),
  gstin: z.string(),
  legalName: z.string(),
  billingAddress: billingAddressSchema,
});
export type Business = z.infer<typeof businessSchema>;

export const businessResponseSchema = z.object({ business: businessSchema });
/** Newest first. */
export const businessListResponseSchema = z.object({ items: z.array(businessSchema) });

/** The business an order was bought for, as it was then (`OrderDetail.business`). */
export const orderBusinessSchema = z.object({
  gstin: z.string(),
  legalName: z.string(),
  billingAddress: billingAddressSchema,
});
export type OrderBusiness = z.infer<typeof orderBusinessSchema>;

/** "Karnataka (29)": a place of supply as invoices and returns write it. */
export function placeOfSupplyLabel(state: string): string {
  const code = gstCodeOfState(state);
  return code ? `${state} (${code})` : state;
}
