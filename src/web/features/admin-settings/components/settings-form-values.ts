import { parseRupeesToPaise } from '~/shared/money';
import { defaultShopSettings, shopPhoneProblem, shopSettingsSchema, type ShopSettings } from '~/shared/schemas/settings';

/** The settings form as typed: amounts in rupees, counts as text. */
export interface SettingsFormValues {
  invoice: { name: string; legalName: string; address: string; gstin: string; email: string; phone: string };
  shipping: { standardPaise: string; expressPaise: string; freeShippingAtPaise: string };
  codLimitPaise: string;
  returnWindowDays: string;
  paymentTimeoutMinutes: string;
  /** YYYY-MM-DD from which the shop's own store e-invoices; empty when it does not. */
  eInvoicingFrom: string;
  grievanceOfficer: { name: string; designation: string; address: string; phone: string; email: string; hours: string };
}

/** The form's fields by their API paths (without the `settings.` prefix the server's field errors carry). */
export const SETTINGS_FORM_FIELDS = [
  'invoice.name',
  'invoice.legalName',
  'invoice.address',
  'invoice.gstin',
  'invoice.email',
  'invoice.phone',
  'shipping.standardPaise',
  'shipping.expressPaise',
  'shipping.freeShippingAtPaise',
  'codLimitPaise',
  'returnWindowDays',
  'paymentTimeoutMinutes',
  'eInvoicingFrom',
  'grievanceOfficer.name',
  'grievanceOfficer.designation',
  'grievanceOfficer.address',
  'grievanceOfficer.phone',
  'grievanceOfficer.email',
  'grievanceOfficer.hours',
] as const;
export type SettingsFormField = (typeof SETTINGS_FORM_FIELDS)[number];

const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

export function formValuesOf(s: ShopSettings): SettingsFormValues {
  return {
    invoice: { ...s.invoice },
    shipping: {
      standardPaise: rupees(s.shipping.standardPaise),
      expressPaise: rupees(s.shipping.expressPaise),
      freeShippingAtPaise: rupees(s.shipping.freeShippingAtPaise),
    },
    codLimitPaise: rupees(s.codLimitPaise),
    returnWindowDays: String(s.returnWindowDays),
    paymentTimeoutMinutes: String(s.paymentTimeoutMinutes),
    eInvoicingFrom: s.eInvoicingFrom ?? '',
    grievanceOfficer: { ...(s.grievanceOfficer ?? defaultShopSettings().grievanceOfficer!) },
  };
}

type Parsed = { ok: true; settings: ShopSettings } | { ok: false; errors: Partial<Record<SettingsFormField, string>> };

/**
 * The form turned into the API's settings and checked with the schema the server parses with:
 * the settings to send, or a message per field.
 */
export function settingsOf(values: SettingsFormValues): Parsed {
  const errors: Partial<Record<SettingsFormField, string>> = {};
  const money = (field: SettingsFormField, raw: string, label: string): number => {
    const paise = parseRupeesToPaise(raw, 9);
    if (paise === null) errors[field] = `Enter the ${label} in rupees, like 1,500 (0 for none)`;
    return paise ?? 0;
  };
  const whole = (field: SettingsFormField, raw: string, label: string): number => {
    if (!/^\d{1,5}$/.test(raw.trim())) {
      errors[field] = `Enter the ${label} as a whole number`;
      return 0;
    }
    return Number(raw.trim());
  };
  const candidate = {
    invoice: values.invoice,
    shipping: {
      standardPaise: money('shipping.standardPaise', values.shipping.standardPaise, 'standard delivery charge'),
      expressPaise: money('shipping.expressPaise', values.shipping.expressPaise, 'express delivery charge'),
      freeShippingAtPaise: money('shipping.freeShippingAtPaise', values.shipping.freeShippingAtPaise, 'free delivery threshold'),
    },
    codLimitPaise: money('codLimitPaise', values.codLimitPaise, 'cash on delivery limit'),
    returnWindowDays: whole('returnWindowDays', values.returnWindowDays, 'return window'),
    paymentTimeoutMinutes: whole('paymentTimeoutMinutes', values.paymentTimeoutMinutes, 'payment timeout'),
    eInvoicingFrom: values.eInvoicingFrom.trim() || null,
    grievanceOfficer: values.grievanceOfficer,
  };
  const parsed = shopSettingsSchema.safeParse(candidate);
  // Checked on saving only (a number stored before the rule still loads): see shopPhoneProblem.
  const phoneProblem = values.invoice.phone.trim() ? shopPhoneProblem(values.invoice.phone) : null;
  if (phoneProblem) errors['invoice.phone'] = phoneProblem;
  const officerPhone = values.grievanceOfficer.phone.trim() ? shopPhoneProblem(values.grievanceOfficer.phone) : null;
  if (officerPhone) errors['grievanceOfficer.phone'] = officerPhone;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') as SettingsFormField;
      // A rupee amount's own message (not a number) says more than the schema's.
      errors[field] ??= issue.message.replace(/must be whole paise/, 'must be in rupees and paise');
    }
  }
  return Object.keys(errors).length > 0 || !parsed.success ? { ok: false, errors } : { ok: true, settings: parsed.data };
}
