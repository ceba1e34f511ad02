import { z } from 'zod';
import { VENDOR_STATUSES } from '../constants';
import { gstinStateProblem, panOfGstin, panProblem } from '../india-tax-ids';
import { pinStateProblem } from './address';
import { bankAccountInputSchema } from './bank-account';
import { customerRegistrationFields, passwordsMatch } from './auth';
import { citySchema, emailSchema, indianMobileSchema, indianStateSchema, optionalGstinSchema, pinCodeSchema } from './common';

// Moved to ./bank-account (the refund of a cash-on-delivery order asks for an account too); kept here for importers of old.
export { bankAccountInputSchema, bankAccountNumberSchema, ifscSchema } from './bank-account';

export const businessNameSchema = z
  .string({ error: 'Enter your business name' })
  .trim()
  .min(2, 'Business name must be at least 2 characters')
  .max(120, 'Business name must be at most 120 characters');

/** A GSTIN's first two digits are the GST code of the state the business is registered in: the pickup state's. */
function gstinFitsState(v: { gstin?: string | undefined; pickupState?: string | undefined }, ctx: z.RefinementCtx) {
  if (!v.gstin || v.pickupState === undefined) return;
  const problem = gstinStateProblem(v.gstin, v.pickupState);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['gstin'] });
}

/** The pickup PIN code's first digit is a postal region of the pickup state. */
function pickupPinFitsState(v: { pickupPinCode?: string | undefined; pickupState?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.pickupPinCode === undefined || v.pickupState === undefined) return;
  const problem = pinStateProblem(v.pickupPinCode, v.pickupState);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pickupPinCode'] });
}

/** Empty text means none. */
const blankToUndefined = (v: string | undefined) => (v ? v : undefined);

/** Where couriers collect a vendor's parcels: asked at registration, changed in the profile. */
const pickupLine1Schema = z
  .string({ error: 'Enter the building and street where couriers collect parcels' })
  .trim()
  .min(3, 'Enter the building and street where couriers collect parcels')
  .max(120, 'Address line 1 must be at most 120 characters');
const pickupLine2Schema = z
  .string()
  .trim()
  .max(120, 'Address line 2 must be at most 120 characters')
  .optional()
  .transform(blankToUndefined);

/** Body of POST /api/vendors/register. */
export const registerVendorSchema = z
  .strictObject({
    ...customerRegistrationFields,
    businessName: businessNameSchema,
    mobile: indianMobileSchema,
    gstin: optionalGstinSchema,
    pickupLine1: pickupLine1Schema,
    pickupLine2: pickupLine2Schema,
    pickupCity: citySchema,
    pickupState: indianStateSchema,
    pickupPinCode: pinCodeSchema,
  })
  .superRefine((v, ctx) => {
    passwordsMatch(v, ctx);
    gstinFitsState(v, ctx);
    pickupPinFitsState(v, ctx);
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
  /** Marked by an admin (decision 70): the seller's new products go on sale without the review queue. */
  trusted: z.boolean().optional(),
});
export type VendorProfile = z.infer<typeof vendorProfileSchema>;

export const vendorMeResponseSchema = z.object({ vendor: vendorProfileSchema });

export const VENDOR_DECISIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type VendorDecision = (typeof VENDOR_DECISIONS)[number];

/** The reason of rejecting or suspending a vendor (the vendor reads it); the admin's reason dialog checks it too. */
export const vendorDecisionReasonSchema = z
  .string()
  .trim()
  .min(5, 'Give a reason of at least 5 characters: the vendor reads it')
  .max(500, 'Reason must be at most 500 characters');

/**
 * POST /api/admin/vendors/{id}/decision: approve or reject a pending vendor, suspend an approved one or
 * reinstate a suspended one. Rejecting and suspending need a reason: the vendor reads it in its panel.
 */
export const vendorDecisionSchema = z
  .strictObject({
    decision: z.enum(VENDOR_DECISIONS, { error: 'Decision must be approve, reject, suspend or reinstate' }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'reject' && v.decision !== 'suspend') return;
    const reason = vendorDecisionReasonSchema.safeParse(v.reason ?? '');
    if (!reason.success) ctx.addIssue({ code: 'custom', path: ['reason'], message: reason.error.issues[0]!.message });
  });
export type VendorDecisionInput = z.input<typeof vendorDecisionSchema>;
export const vendorDecisionResponseSchema = z.object({ id: z.string(), status: z.enum(VENDOR_STATUSES) });

/** POST /api/admin/vendors/{id}/resend-verification: what the admin's toast says. */
export const resendVerificationResponseSchema = z.object({ message: z.string() });
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

// ---------- The seller centre's profile (GET and PUT /api/vendor/profile) ----------

/** Optional PAN: empty means none; otherwise ABCDE1234F with a known holder type in its 4th place. */
export const optionalPanSchema = z
  .string()
  .trim()
  .toUpperCase()
  .max(10, 'PAN must be 10 characters, like AAPFU0939F')
  .optional()
  .transform(blankToUndefined)
  .superRefine((v, ctx) => {
    if (v === undefined) return;
    const problem = panProblem(v);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: 'PAN must be 10 characters, like AAPFU0939F' });
    if (problem === 'holder')
      ctx.addIssue({
        code: 'custom',
        message: 'This PAN is not valid: its 4th letter must say who holds it (P person, C company, F firm, H HUF, …)',
      });
  });

/**
 * Body of PUT /api/vendor/profile: the whole profile, as the form holds it. An empty GSTIN, PAN or
 * line 2 means none. `bankAccount` is sent only to change the account (the full number is never
 * sent back, so the form cannot resend it); without it the saved account stays.
 */
export const updateVendorProfileSchema = z
  .strictObject({
    businessName: businessNameSchema,
    contactName: z
      .string({ error: 'Enter the name of the person we should contact' })
      .trim()
      .min(2, 'Contact name must be at least 2 characters')
      .max(80, 'Contact name must be at most 80 characters'),
    contactEmail: emailSchema,
    mobile: indianMobileSchema,
    gstin: optionalGstinSchema,
    pan: optionalPanSchema,
    bankAccount: bankAccountInputSchema.optional(),
    pickupLine1: pickupLine1Schema,
    pickupLine2: pickupLine2Schema,
    pickupCity: citySchema,
    pickupState: indianStateSchema,
    pickupPinCode: pinCodeSchema,
    /**
     * What the product page discloses (decision 73): the legal name (as on the GSTIN or the company's
     * registration) and the customer-care phone and e-mail. Empty or absent: the business name, the mobile and
     * the contact e-mail are shown.
     */
    legalName: z
      .string({ error: 'Enter the legal name as text' })
      .trim()
      .max(150, 'Legal name must be at most 150 characters')
      .refine((v) => v === '' || v.length >= 2, 'Legal name must be at least 2 characters')
      .transform((v) => v || null)
      .optional(),
    carePhone: z
      .string({ error: 'Enter the customer-care phone as text' })
      .trim()
      .transform((v) => v.replace(/[\s()-]/g, '').replace(/^(\+91|0091|91|0)(?=\d{10}$)/, ''))
      .pipe(
        z
          .string()
          .regex(/^(|[2-9]\d{9})$/, 'Enter a 10-digit Indian phone number (mobile, or landline with its STD code), like +91 98220 45678'),
      )
      .transform((digits) => (digits ? `+91${digits}` : null))
      .optional(),
    careEmail: z
      .string({ error: 'Enter the customer-care e-mail as text' })
      .trim()
      .toLowerCase()
      .max(254, 'E-mail address must be at most 254 characters')
      .pipe(z.union([z.literal(''), z.email('Enter a valid e-mail address, like care@example.com')]))
      .transform((v) => v || null)
      .optional(),
  })
  .superRefine((v, ctx) => {
    gstinFitsState(v, ctx);
    pickupPinFitsState(v, ctx);
    if (v.gstin && v.pan && panOfGstin(v.gstin) !== v.pan)
      ctx.addIssue({
        code: 'custom',
        message: `This PAN does not match your GSTIN: characters 3–12 of the GSTIN are the PAN (${panOfGstin(v.gstin)})`,
        path: ['pan'],
      });
  })
  // A GSTIN carries its holder's PAN: given one and not the other, the PAN is known.
  .transform((v) => ({ ...v, pan: v.pan ?? (v.gstin ? panOfGstin(v.gstin) : undefined) }));
export type UpdateVendorProfileInput = z.input<typeof updateVendorProfileSchema>;
export type UpdateVendorProfile = z.output<typeof updateVendorProfileSchema>;

export const VENDOR_PROFILE_CHANGE_FIELDS = ['bank_account', 'gstin'] as const;
export type VendorProfileChangeField = (typeof VENDOR_PROFILE_CHANGE_FIELDS)[number];

/** A recorded change of an approved vendor's bank account or GSTIN. */
export const vendorProfileChangeSchema = z.object({
  id: z.string(),
  field: z.enum(VENDOR_PROFILE_CHANGE_FIELDS),
  /** Masked for a bank account ("XXXXXX4321 · HDFC0001234"); null when there was none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  changedAt: z.string(),
  /** True when the vendor's own account made the change (false: the shop did). */
  byYou: z.boolean(),
});
export type VendorProfileChange = z.infer<typeof vendorProfileChangeSchema>;

export const vendorBankAccountSchema = z.object({
  holderName: z.string(),
  /** Never the whole number once saved: "XXXXXX4321". */
  maskedNumber: z.string(),
  ifsc: z.string(),
});

/** The signed-in vendor's profile as the seller centre shows and edits it. */
export const vendorProfileDetailsSchema = z.object({
  id: z.string(),
  status: z.enum(VENDOR_STATUSES),
  statusReason: z.string().nullable(),
  /** Whether the vendor may change it (pending and approved vendors may), and why not. */
  editable: z.boolean(),
  lockedReason: z.string().nullable(),
  businessName: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  mobile: z.string(),
  gstin: z.string().nullable(),
  pan: z.string().nullable(),
  bankAccount: vendorBankAccountSchema.nullable(),
  pickupLine1: z.string().nullable(),
  pickupLine2: z.string().nullable(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupPinCode: z.string(),
  /** What the product page discloses (decision 73); null: the business name, the mobile, the contact e-mail. */
  legalName: z.string().nullable(),
  carePhone: z.string().nullable(),
  careEmail: z.string().nullable(),
  /** The sign-in account's name and e-mail: the contact until the vendor names another. */
  accountName: z.string(),
  accountEmail: z.string(),
});
export type VendorProfileDetails = z.infer<typeof vendorProfileDetailsSchema>;

export const vendorProfileResponseSchema = z.object({
  profile: vendorProfileDetailsSchema,
  /** The latest changes of bank account and GSTIN, newest first. */
  changes: z.array(vendorProfileChangeSchema),
});
export type VendorProfileResponse = z.infer<typeof vendorProfileResponseSchema>;

/** The admin marks a seller trusted (its new products go on sale without the review queue) or takes the mark away. */
export const vendorTrustSchema = z.object({ trusted: z.boolean({ error: 'Say whether the seller is trusted' }) }).strict();
export type VendorTrustInput = z.input<typeof vendorTrustSchema>;
export const vendorTrustResponseSchema = z.object({ id: z.string(), trusted: z.boolean() });
export type VendorTrustResponse = z.infer<typeof vendorTrustResponseSchema>;
