import type { Category } from '~/shared/constants';
import { parseRupeesToPaise } from '~/shared/money';
import {
  createCouponSchema,
  updateCouponSchema,
  type AdminCoupon,
  type CouponKind,
  type CreateCoupon,
  type UpdateCoupon,
} from '~/shared/schemas/coupons';

/** The coupon form as typed: amounts in rupees, dates as the browser's date-time fields give them. */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: CouponKind;
  /** Percent for a percent coupon, rupees for a flat one. */
  value: string;
  minOrderPaise: string;
  maxDiscountPaise: string;
  startsAt: string;
  expiresAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  category: Category | '';
  vendorId: string;
}
export type CouponFormField = keyof CouponFormValues;
export const COUPON_FORM_FIELDS: readonly CouponFormField[] = [
  'code',
  'description',
  'kind',
  'value',
  'minOrderPaise',
  'maxDiscountPaise',
  'startsAt',
  'expiresAt',
  'usageLimit',
  'perCustomerLimit',
  'category',
  'vendorId',
];

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as a date-time field shows it, in the browser's time (India for the shop's admins). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const rupees = (paise: number | null) => (paise === null ? '' : paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** The form for a new coupon (starting now) or for editing one. */
export function formValuesOf(coupon: AdminCoupon | null, now = new Date()): CouponFormValues {
  if (!coupon) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '',
      minOrderPaise: '0',
      maxDiscountPaise: '',
      startsAt: toLocalInput(now.toISOString()),
      expiresAt: '',
      usageLimit: '',
      perCustomerLimit: '1',
      category: '',
      vendorId: '',
    };
  }
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.kind === 'percent' ? String(coupon.value) : rupees(coupon.value),
    minOrderPaise: rupees(coupon.minOrderPaise),
    maxDiscountPaise: rupees(coupon.maxDiscountPaise),
    startsAt: toLocalInput(coupon.startsAt),
    expiresAt: toLocalInput(coupon.expiresAt),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    perCustomerLimit: String(coupon.perCustomerLimit),
    category: coupon.category ?? '',
    vendorId: coupon.vendorId ?? '',
  };
}

type Errors = Partial<Record<CouponFormField, string>>;
type Parsed<T> = { ok: true; body: T } | { ok: false; errors: Errors };

/**
 * The form turned into the API's body and checked with the very schema the server parses with:
 * the body to send, or a message per field.
 */
export function couponBodyOf(values: CouponFormValues, mode: 'create'): Parsed<CreateCoupon>;
export function couponBodyOf(values: CouponFormValues, mode: 'edit'): Parsed<UpdateCoupon>;
export function couponBodyOf(values: CouponFormValues, mode: 'create' | 'edit'): Parsed<CreateCoupon | UpdateCoupon> {
  const errors: Errors = {};
  const money = (field: CouponFormField, label: string, optional: boolean): number | null | undefined => {
    const raw = values[field].replace(/[₹,\s]/g, '');
    if (raw === '') {
      if (!optional) errors[field] = `Enter the ${label}`;
      return optional ? null : undefined;
    }
    const paise = parseRupeesToPaise(raw);
    if (paise === null) errors[field] = `Enter the ${label} in rupees, like 1,500`;
    return paise ?? undefined;
  };
  const whole = (field: CouponFormField, label: string, optional: boolean): number | null | undefined => {
    const raw = values[field].trim();
    if (raw === '') {
      if (!optional) errors[field] = `Enter the ${label}`;
      return optional ? null : undefined;
    }
    if (!/^\d{1,7}$/.test(raw)) {
      errors[field] = `Enter the ${label} as a whole number`;
      return undefined;
    }
    return Number(raw);
  };
  const moment = (field: CouponFormField, optional: boolean): string | null | undefined => {
    const raw = values[field].trim();
    if (raw === '') {
      if (!optional) errors[field] = 'Choose a date and time';
      return optional ? null : undefined;
    }
    const d = new Date(raw);
    if (Number.isNaN(d.getTime())) {
      errors[field] = 'Choose a date and time';
      return undefined;
    }
    return d.toISOString();
  };

  const value = values.kind === 'percent' ? whole('value', 'percent off', true) : money('value', 'amount off', true);
  const body = {
    ...(mode === 'create' ? { code: values.code } : {}),
    description: values.description,
    kind: values.kind,
    value,
    minOrderPaise: money('minOrderPaise', 'minimum order', true) ?? 0,
    maxDiscountPaise: values.kind === 'percent' ? money('maxDiscountPaise', 'largest discount', true) : null,
    startsAt: moment('startsAt', false),
    expiresAt: moment('expiresAt', true),
    usageLimit: whole('usageLimit', 'total uses', true),
    perCustomerLimit: whole('perCustomerLimit', 'uses per customer', false),
    category: values.category || null,
    vendorId: values.vendorId || null,
  };
  const parsed = (mode === 'create' ? createCouponSchema : updateCouponSchema).safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CouponFormField | undefined;
      if (field && COUPON_FORM_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
