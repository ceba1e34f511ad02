import { z } from 'zod';
import type { IndianState } from '../india';
import { addressSchema } from './auth';
import { citySchema, idParamSchema, indianMobileSchema, indianStateSchema, personNameSchema, pinCodeSchema } from './common';

/** Most addresses one customer can keep in the address book. */
export const MAX_ADDRESSES = 20;

/**
 * The first digit of a PIN code is its postal region. Where a state lies wholly in one region the
 * PIN must start with that digit; Puducherry spans two (Mahé and Yanam lie in Kerala and Andhra
 * Pradesh). Army Post Office codes (9…) are not delivery addresses for a shop.
 */
const PIN_REGIONS: Record<IndianState, readonly string[]> = {
  Delhi: ['1'],
  Haryana: ['1'],
  Punjab: ['1'],
  'Himachal Pradesh': ['1'],
  'Jammu and Kashmir': ['1'],
  Ladakh: ['1'],
  Chandigarh: ['1'],
  'Uttar Pradesh': ['2'],
  Uttarakhand: ['2'],
  Rajasthan: ['3'],
  Gujarat: ['3'],
  'Dadra and Nagar Haveli and Daman and Diu': ['3'],
  Maharashtra: ['4'],
  Goa: ['4'],
  'Madhya Pradesh': ['4'],
  Chhattisgarh: ['4'],
  'Andhra Pradesh': ['5'],
  Telangana: ['5'],
  Karnataka: ['5'],
  'Tamil Nadu': ['6'],
  Kerala: ['6'],
  Lakshadweep: ['6'],
  Puducherry: ['5', '6'],
  'West Bengal': ['7'],
  Odisha: ['7'],
  Assam: ['7'],
  Sikkim: ['7'],
  'Arunachal Pradesh': ['7'],
  Nagaland: ['7'],
  Manipur: ['7'],
  Mizoram: ['7'],
  Tripura: ['7'],
  Meghalaya: ['7'],
  'Andaman and Nicobar Islands': ['7'],
  Bihar: ['8'],
  Jharkhand: ['8'],
};

/** A message when the PIN code cannot be in the state (by its first digit), otherwise null. */
export function pinStateProblem(pinCode: string, state: string): string | null {
  const regions = PIN_REGIONS[state as IndianState] as readonly string[] | undefined;
  if (!regions || regions.includes(pinCode.charAt(0))) return null;
  const starts = regions.length === 1 ? regions[0] : `${regions.slice(0, -1).join(', ')} or ${regions.at(-1)}`;
  return `PIN codes in ${state} start with ${starts}. Please check the PIN code or the state.`;
}

export const line1Schema = z
  .string({ error: 'Enter the house, building and street' })
  .trim()
  .min(3, 'Address line 1 must be at least 3 characters')
  .max(120, 'Address line 1 must be at most 120 characters');

/** Optional: empty means none (stored as null). */
export const line2Schema = z
  .string()
  .trim()
  .max(120, 'Address line 2 must be at most 120 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const addressFields = {
  fullName: personNameSchema,
  mobile: indianMobileSchema,
  line1: line1Schema,
  line2: line2Schema,
  city: citySchema,
  state: indianStateSchema,
  pinCode: pinCodeSchema,
};

function pinFitsState(v: { pinCode?: string | undefined; state?: string | undefined }, ctx: z.RefinementCtx) {
  if (v.pinCode === undefined || v.state === undefined) return;
  const problem = pinStateProblem(v.pinCode, v.state);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pinCode'] });
}

/** Body of POST /api/addresses. The first address becomes the default whatever `isDefault` says. */
export const createAddressSchema = z
  .strictObject({ ...addressFields, isDefault: z.boolean().optional().describe('Make this the default address') })
  .superRefine(pinFitsState);
export type CreateAddressInput = z.input<typeof createAddressSchema>;
export type CreateAddress = z.output<typeof createAddressSchema>;

/**
 * Body of PATCH /api/addresses/:id: any of the fields, and/or `isDefault: true` to make it the default.
 * A PIN code or state sent alone is checked against the other one already stored (by the service).
 */
export const updateAddressSchema = z
  .strictObject({
    fullName: personNameSchema.optional(),
    mobile: indianMobileSchema.optional(),
    line1: line1Schema.optional(),
    line2: line2Schema.optional(),
    city: citySchema.optional(),
    state: indianStateSchema.optional(),
    pinCode: pinCodeSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .superRefine(pinFitsState)
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send at least one field to change');
export type UpdateAddressInput = z.input<typeof updateAddressSchema>;
export type UpdateAddress = z.output<typeof updateAddressSchema>;

export const addressParamsSchema = idParamSchema;

export { addressSchema };
export type Address = z.infer<typeof addressSchema>;

export const addressResponseSchema = z.object({ address: addressSchema });
/** Default first, then newest first. */
export const addressListResponseSchema = z.object({ items: z.array(addressSchema) });
