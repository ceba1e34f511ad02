import { z } from 'zod';
import { SHOP } from '../constants';
import { gstinProblem } from '../gstin';
import { PRICING } from '../pricing';
import { emailSchema, inSentence } from './common';

/**
 * The shop's settings an admin changes at /admin/settings (issue 12 point 10): who issues the
 * invoices, delivery charges, the cash-on-delivery limit, the return window and how long an unpaid
 * online order holds its stock. Money in integer paise. The values apply from the next request on:
 * a quote, an order, an invoice. What an order promised is kept on the order (its delivery charge,
 * and its return window from the day it was placed).
 */

const paise = (label: string, max: number, maxWords: string) =>
  z
    .number({ error: `Enter the ${inSentence(label)}` })
    .int(`${label} must be whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${maxWords}`);

const whole = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `Enter the ${inSentence(label)}` })
    .int(`${label} must be a whole number of ${unit}`)
    .min(min, `${label} must be at least ${min} ${unit}`)
    .max(max, `${label} must be at most ${max} ${unit}`);

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${inSentence(label)}` })
    .trim()
    .min(min, min === 1 ? `Enter the ${inSentence(label)}` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const invoiceShopSchema = z.object({
  /** The trade name printed at the top of invoices and credit notes. */
  name: text('Trade name', 2, 80),
  /** The registered (legal) name when it differs from the trade name; empty for none. */
  legalName: z.string().trim().max(120, 'Legal name must be at most 120 characters'),
  /** The registered address, one line per line (2 to 5 lines). */
  address: text('Address', 10, 300).refine((a) => {
    const lines = a.split('\n').filter((l) => l.trim() !== '').length;
    return lines >= 2 && lines <= 5;
  }, 'Write the address on 2 to 5 lines, the last with the city, state and PIN code'),
  gstin: z
    .string({ error: 'Enter the GSTIN' })
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = gstinProblem(v);
      if (problem === 'format') ctx.addIssue({ code: 'custom', message: 'GSTIN must be 15 characters, like 27AAPFU0939F1ZV' });
      if (problem === 'checksum')
        ctx.addIssue({ code: 'custom', message: 'This GSTIN is not valid: its last character does not match. Please check it.' });
    }),
  email: emailSchema,
  phone: text('Phone number', 8, 30).regex(/^\+?[0-9][0-9 -]{6,28}$/, 'Phone number may hold digits, spaces, hyphens and a leading +'),
});
export type InvoiceShopSettings = z.infer<typeof invoiceShopSchema>;

/**
 * Why a phone number cannot be the shop's (null when it can): an Indian number is 10 digits after +91
 * or a leading 0, a mobile (starting 6 to 9) or a landline with its STD code (020 4567 8910), or a
 * toll-free 1800 / 1860 number. Checked when settings are saved, not when stored ones are read: a
 * number saved before this rule still shows (and is asked to be corrected on the next save).
 */
export function shopPhoneProblem(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, '');
  const national = digits.replace(/^(\+91|0091|0)/, '');
  if (/^(1800|1860)\d{6,7}$/.test(national)) return null;
  if (/^[1-9]\d{9}$/.test(national)) return null;
  return 'Enter an Indian phone number: a mobile, +91 98220 45678, or a landline with its STD code, 020 4567 8910';
}

/**
 * The grievance officer the marketplace must name (Consumer Protection (E-Commerce) Rules 2020, rule
 * 4(4)): name, designation and contact details, shown on the public grievance officer page.
 */
export const grievanceOfficerSchema = z.object({
  name: text('Grievance officer’s name', 2, 80),
  designation: text('Designation', 2, 80),
  /** The postal address, one line per line (2 to 5 lines). */
  address: text('Postal address', 10, 300).refine((a) => {
    const lines = a.split('\n').filter((l) => l.trim() !== '').length;
    return lines >= 2 && lines <= 5;
  }, 'Write the address on 2 to 5 lines, the last with the city, state and PIN code'),
  phone: text('Phone number', 8, 30).regex(/^\+?[0-9][0-9 -]{6,28}$/, 'Phone number may hold digits, spaces, hyphens and a leading +'),
  email: emailSchema,
  hours: text('Working hours', 5, 120),
});
export type GrievanceOfficer = z.infer<typeof grievanceOfficerSchema>;

export const shippingSettingsSchema = z
  .object({
    /** Standard delivery below the free-delivery threshold. */
    standardPaise: paise('Standard delivery charge', 10_000_00, '₹10,000'),
    /** Express delivery, whatever the order's value. */
    expressPaise: paise('Express delivery charge', 10_000_00, '₹10,000'),
    /** Standard delivery is free at or above this order value (after discounts); 0 makes it always free. */
    freeShippingAtPaise: paise('Free delivery threshold', 10_00_000_00, '₹10,00,000'),
  })
  .refine((s) => s.expressPaise >= s.standardPaise, {
    path: ['expressPaise'],
    message: 'Express delivery cannot cost less than standard delivery',
  });
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

export const shopSettingsSchema = z.object({
  invoice: invoiceShopSchema,
  shipping: shippingSettingsSchema,
  /** Cash on delivery is offered up to this order total (where couriers collect cash); 0 turns it off. */
  codLimitPaise: paise('Cash on delivery limit', 2_00_000_00, '₹2,00,000'),
  /** Days after delivery within which a customer may ask for a return (orders keep the window they were placed with). */
  returnWindowDays: whole('Return window', 0, 30, 'days'),
  /** How long an online order waiting for payment holds its stock before it is cancelled. */
  paymentTimeoutMinutes: whole('Payment timeout', 5, 1440, 'minutes'),
  /**
   * From which invoice date e-invoicing applies to the shop's own store (aggregate turnover above
   * ₹5 crore, Notification 10/2023-CT; decision 76), YYYY-MM-DD; null while it does not.
   */
  eInvoicingFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .refine((d) => d >= '2023-08-01', 'E-invoicing above ₹5 crore applies from 1 August 2023 at the earliest')
    .nullable()
    .default(null),
  /** Left out of a save (a form of an older release), the saved officer stays. */
  grievanceOfficer: grievanceOfficerSchema.optional(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The defaults until an admin saves settings (the payment timeout comes from ORDER_PAYMENT_TIMEOUT_MINUTES). */
export function defaultShopSettings(paymentTimeoutMinutes = 30): ShopSettings {
  const office = SHOP.stores[0];
  return {
    invoice: {
      name: SHOP.name,
      legalName: '',
      address: [...office.lines, office.cityLine].join('\n'),
      gstin: SHOP.gstin,
      email: SHOP.supportEmail,
      phone: SHOP.phone,
    },
    shipping: {
      standardPaise: PRICING.standardShippingPaise,
      expressPaise: PRICING.expressShippingPaise,
      freeShippingAtPaise: PRICING.freeShippingAtPaise,
    },
    codLimitPaise: PRICING.codLimitPaise,
    returnWindowDays: 7,
    paymentTimeoutMinutes,
    eInvoicingFrom: null,
    grievanceOfficer: {
      name: 'Sunita Deshpande',
      designation: 'Grievance Officer',
      address: [...office.lines, office.cityLine].join('\n'),
      phone: SHOP.phone,
      email: 'grievance@sahyadricomputers.in',
      hours: 'Monday to Friday, 10:00 to 18:00 IST',
    },
  };
}

/** GET and PUT /api/admin/settings: the settings, their version (for a safe save) and who saved them last (e-mail). */
export const adminSettingsResponseSchema = z.object({
  settings: shopSettingsSchema,
  /** 0 while the defaults apply; each save adds one. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

/** PUT /api/admin/settings: every setting, and the version the admin's form was loaded at. */
export const updateSettingsSchema = z
  .object({
    settings: shopSettingsSchema,
    version: z.number({ error: 'Send the version the settings were read at' }).int().min(0),
  })
  .superRefine((v, ctx) => {
    const problem = shopPhoneProblem(v.settings.invoice.phone);
    if (problem) ctx.addIssue({ code: 'custom', path: ['settings', 'invoice', 'phone'], message: problem });
    const officerPhone = v.settings.grievanceOfficer && shopPhoneProblem(v.settings.grievanceOfficer.phone);
    if (officerPhone) ctx.addIssue({ code: 'custom', path: ['settings', 'grievanceOfficer', 'phone'], message: officerPhone });
  });
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

/** GET /api/settings: what the storefront shows shoppers (delivery charges, COD limit, return window). */
export const publicSettingsSchema = z.object({
  shipping: z.object({ standardPaise: z.number().int(), expressPaise: z.number().int(), freeShippingAtPaise: z.number().int() }),
  codLimitPaise: z.number().int(),
  returnWindowDays: z.number().int(),
  paymentTimeoutMinutes: z.number().int(),
  /** The grievance officer's name, designation and contact details (the public grievance officer page). */
  grievanceOfficer: grievanceOfficerSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
