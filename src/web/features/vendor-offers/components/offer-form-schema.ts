import { z } from 'zod';
import { formatPaise, groupDigits } from '~/shared/money';
import { OFFER_GRADES } from '~/shared/schemas/vendor-offers';
import { rupeesToPaise } from '~/shared/schemas/vendor-products';

/** A whole number typed in a field ("1,200" too), between `min` and `max`. */
const wholeNumber = (label: string, min: number, max: number) =>
  z.string().transform((typed, ctx) => {
    const text = typed.trim().replace(/,/g, '');
    const n = text === '' ? NaN : Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: text === '' ? `Enter the ${label.toLowerCase()}` : `${label} must be a whole number` });
      return z.NEVER;
    }
    if (n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be ${groupDigits(min)} to ${groupDigits(max)}` });
      return z.NEVER;
    }
    return n;
  });

/** What the MRP allows: the server's own words (`offers.vendor.service`), so either side says it alike. */
export const atMostMrp = (mrpPaise: number) => `At most the MRP, ${formatPaise(mrpPaise)}`;

/** The price (at most the MRP), the stock and the days to dispatch as typed: the offer form's and its change's. */
export const offerTermsFields = (mrpPaise: number) => ({
  price: rupeesToPaise('Price').refine((paise) => paise <= mrpPaise, atMostMrp(mrpPaise)),
  stock: wholeNumber('Stock', 0, 100_000),
  dispatchDays: wholeNumber('Days to dispatch', 0, 30),
});

/**
 * The offer form as typed (rupees, whole numbers as text), checked as the server checks the offer
 * (`offerInputSchema`) and turned into its body: the price in paise at most the configuration's MRP, a
 * refurbished unit with its grade and a new one without, the seller's SKU left out when empty.
 */
export const offerFormSchema = (mrpPaise: number) =>
  z
    .object({
      ...offerTermsFields(mrpPaise),
      warranty: z.string().trim().min(3, 'Describe the warranty, e.g. 1 year onsite').max(200, 'At most 200 characters'),
      warrantyMonths: wholeNumber('Warranty months', 0, 120),
      condition: z.enum(['new', 'refurbished'], { error: 'Choose new or refurbished' }),
      grade: z.union([z.enum(OFFER_GRADES), z.literal('')]),
      sellerSku: z.string().trim().max(64, 'At most 64 characters'),
    })
    .superRefine(
      (v, ctx) => {
        if (v.condition === 'refurbished' && !v.grade)
          ctx.addIssue({ code: 'custom', path: ['grade'], message: 'A refurbished unit has a grade: A, B or C' });
      },
      // Beside the other fields' errors, so the form shows them all at once.
      { when: (payload) => (payload.value as { condition?: unknown } | undefined)?.condition === 'refurbished' },
    )
    .transform((v) => ({
      pricePaise: v.price,
      stock: v.stock,
      dispatchDays: v.dispatchDays,
      warranty: v.warranty,
      warrantyMonths: v.warrantyMonths,
      condition: v.condition,
      ...(v.condition === 'refurbished' && v.grade ? { grade: v.grade } : {}),
      ...(v.sellerSku ? { sellerSku: v.sellerSku } : {}),
    }));

export type OfferFormInput = z.input<ReturnType<typeof offerFormSchema>>;
export type OfferFormOutput = z.output<ReturnType<typeof offerFormSchema>>;

/** The server's names of the offer's fields, as the form names them (its price is typed in rupees). */
export const FORM_FIELD_OF = {
  pricePaise: 'price',
  stock: 'stock',
  dispatchDays: 'dispatchDays',
  warranty: 'warranty',
  warrantyMonths: 'warrantyMonths',
  condition: 'condition',
  grade: 'grade',
  sellerSku: 'sellerSku',
} as const satisfies Record<string, keyof OfferFormInput>;
