import { z } from 'zod';
import { VENDOR_STATUSES } from '../constants';
import { gstCodeOfState } from '../india';
import { customerRegistrationFields, passwordsMatch } from './auth';
import { citySchema, indianMobileSchema, indianStateSchema, optionalGstinSchema, pinCodeSchema } from './common';

export const businessNameSchema = z
  .string({ error: 'Enter your business name' })
  .trim()
  .min(2, 'Business name must be at least 2 characters')
  .max(120, 'Business name must be at most 120 characters');

/** Body of POST /api/vendors/register. */
export const registerVendorSchema = z
  .strictObject({
    ...customerRegistrationFields,
    businessName: businessNameSchema,
    mobile: indianMobileSchema,
    gstin: optionalGstinSchema,
    pickupCity: citySchema,
    pickupState: indianStateSchema,
    pickupPinCode: pinCodeSchema,
  })
  .superRefine((v, ctx) => {
    passwordsMatch(v, ctx);
    if (v.gstin && gstCodeOfState(v.pickupState) !== v.gstin.slice(0, 2)) {
      ctx.addIssue({
        code: 'custom',
        message: `This GSTIN is registered in another state: a ${v.pickupState} GSTIN starts with ${gstCodeOfState(v.pickupState)}`,
        path: ['gstin'],
      });
    }
  });
export type RegisterVendorInput = z.input<typeof registerVendorSchema>;

export const vendorProfileSchema = z.object({
  id: z.string(),
  businessName: z.string(),
  mobile: z.string(),
  gstin: z.string().nullable(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupPinCode: z.string(),
  status: z.enum(VENDOR_STATUSES),
  /** Why an admin rejected or suspended the vendor, as the vendor reads it. */
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VendorProfile = z.infer<typeof vendorProfileSchema>;

export const vendorMeResponseSchema = z.object({ vendor: vendorProfileSchema });

/** POST /api/admin/vendors/{id}/decision. */
export const vendorDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }),
});
export const vendorDecisionResponseSchema = z.object({ id: z.string(), status: z.enum(VENDOR_STATUSES) });
