import { z } from 'zod';
import type { Category } from '../constants';
import { formatPaise } from '../money';
import { optionLabel } from '../catalogue';

/**
 * A product's configurations as its seller edits them in one grid (decision 70, "The seller's
 * configuration grid"): the options its category allows, one row per configuration with its own SKU,
 * EAN, differing specifications, MRP, HSN/GST and the seller's price, stock and dispatch days.
 */

/** The options a product of each category may vary by, in the order the grid and the product page's picker offer them. */
export const CATEGORY_OPTION_KEYS = {
  Laptop: ['processor', 'ram', 'storage', 'colour'],
  Desktop: ['processor', 'ram', 'storage', 'colour'],
  Monitor: ['size', 'colour'],
} as const satisfies Record<Category, readonly string[]>;
export type OptionKey = (typeof CATEGORY_OPTION_KEYS)[Category][number];
export const ALL_OPTION_KEYS = ['processor', 'ram', 'storage', 'size', 'colour'] as const;

/** The typed specifications a configuration may have of its own, per category (the rest are the product's). */
export const CATEGORY_CONFIGURATION_SPECS = {
  Laptop: ['processor', 'ramGb', 'storageGb', 'storageType', 'screenSizeIn', 'colour'],
  Desktop: ['processor', 'ramGb', 'storageGb', 'storageType', 'colour'],
  Monitor: ['screenSizeIn', 'colour'],
} as const satisfies Record<Category, readonly string[]>;
export type ConfigurationSpec = 'processor' | 'ramGb' | 'storageGb' | 'storageType' | 'screenSizeIn' | 'colour';
export const CONFIGURATION_SPEC_LABELS: Record<ConfigurationSpec, string> = {
  processor: 'Processor',
  ramGb: 'RAM (GB)',
  storageGb: 'Storage (GB)',
  storageType: 'Storage type',
  screenSizeIn: 'Screen (inch)',
  colour: 'Colour',
};

/** At most this many configurations a product (a laptop in every processor, RAM and storage it is sold in). */
export const MAX_CONFIGURATIONS = 60;
export const CONFIGURATION_STATUSES = ['active', 'archived'] as const;
// Every rate a configuration may carry (one saved before 22 Sept 2025 may keep 12 or 28%).
const GST_RATES_BP = [0, 500, 1200, 1800, 2800, 4000] as const;

const optionValue = z.string({ error: 'Enter a value' }).trim().min(1, 'Enter a value').max(40, 'At most 40 characters');

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

const count = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} is a whole number`)
    .min(0, `The ${label} cannot be below 0`)
    .max(max, `At most ${max.toLocaleString('en-IN')}`);

/** One row of the grid as it is saved. `variantId` names a configuration already there; none adds one. */
export const configurationInputSchema = z.strictObject({
  variantId: z.string().max(60).optional(),
  options: z.record(z.string(), optionValue),
  sku: z
    .string()
    .trim()
    .max(60, 'At most 60 characters')
    .regex(/^([A-Za-z0-9][A-Za-z0-9._/-]*)?$/, 'Letters, digits, dots, dashes, slashes and underscores')
    .nullable()
    .transform((v) => (v ? v : null)),
  ean: z
    .string()
    .trim()
    .regex(/^(\d{8}|\d{12,14})?$/, 'An EAN has 8, 12, 13 or 14 digits')
    .nullable()
    .transform((v) => (v ? v : null)),
  status: z.enum(CONFIGURATION_STATUSES, { error: 'On sale or archived' }),
  mrpPaise: z.number({ error: 'Enter the MRP' }).int().min(100, 'Enter the MRP').max(10_000_000_00, 'At most ₹10,00,00,000'),
  hsnCode: z
    .string({ error: 'Enter the HSN code' })
    .trim()
    .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code must be 4, 6 or 8 digits'),
  gstRateBp: z
    .number({ error: 'Choose a GST rate' })
    .int()
    .refine((v) => (GST_RATES_BP as readonly number[]).includes(v), 'GST rate must be 0, 5, 18 or 40%'),
  processor: nullableText(100),
  ramGb: z.number().int().min(1, 'At least 1 GB').max(4096, 'At most 4,096 GB').nullable(),
  storageGb: z.number().int().min(1, 'At least 1 GB').max(65_536, 'At most 65,536 GB').nullable(),
  storageType: nullableText(30),
  screenSizeIn: z.number().min(5, 'At least 5 inch').max(100, 'At most 100 inch').nullable(),
  colour: nullableText(40),
  pricePaise: z.number({ error: 'Enter your price' }).int().min(100, 'Enter your price').max(10_000_000_00, 'At most ₹10,00,00,000'),
  stock: count('stock', 100_000),
  /** The stock the seller saw when the grid opened: a different stock now means orders took units meanwhile. */
  stockWas: z.number().int().min(0).optional(),
  dispatchDays: count('days to dispatch', 30),
});
export type ConfigurationInput = z.input<typeof configurationInputSchema>;
export type ConfigurationWrite = z.output<typeof configurationInputSchema>;

/** The whole grid: the option keys in the picker's order and every configuration (one left out is archived, or removed if never sold). */
export const configurationsInputSchema = z
  .strictObject({
    optionKeys: z
      .array(z.string().regex(/^[a-z][a-z_]{0,29}$/, 'Choose options from the list'))
      .max(4, 'At most 4 options')
      .refine((keys) => new Set(keys).size === keys.length, 'Each option once'),
    configurations: z
      .array(configurationInputSchema)
      .min(1, 'A product has at least one configuration')
      .max(MAX_CONFIGURATIONS, `At most ${MAX_CONFIGURATIONS} configurations`),
  })
  .superRefine((grid, ctx) => {
    const seen = new Map<string, number>();
    const skus = new Map<string, number>();
    grid.configurations.forEach((row, i) => {
      const path = (field: string) => ['configurations', i, field];
      for (const key of grid.optionKeys) {
        if (!row.options[key]?.trim())
          ctx.addIssue({ code: 'custom', path: ['configurations', i, 'options', key], message: `Enter its ${optionLabel(key)}` });
      }
      for (const key of Object.keys(row.options)) {
        if (!grid.optionKeys.includes(key))
          ctx.addIssue({
            code: 'custom',
            path: ['configurations', i, 'options', key],
            message: `${optionLabel(key)} is not an option of this product`,
          });
      }
      const name = grid.optionKeys.map((k) => (row.options[k] ?? '').trim().toLowerCase()).join('\u0000');
      const twin = seen.get(name);
      if (twin !== undefined)
        ctx.addIssue({ code: 'custom', path: path('options'), message: `The same options as configuration ${twin + 1}` });
      else seen.set(name, i);
      const sku = row.sku?.trim().toLowerCase();
      if (sku) {
        const other = skus.get(sku);
        if (other !== undefined) ctx.addIssue({ code: 'custom', path: path('sku'), message: `Configuration ${other + 1} has this SKU` });
        else skus.set(sku, i);
      }
      if (typeof row.pricePaise === 'number' && typeof row.mrpPaise === 'number' && row.pricePaise > row.mrpPaise)
        ctx.addIssue({ code: 'custom', path: path('pricePaise'), message: `At most the MRP, ${formatPaise(row.mrpPaise)}` });
    });
  });
export type ConfigurationsInput = z.input<typeof configurationsInputSchema>;
export type ConfigurationsWrite = z.output<typeof configurationsInputSchema>;

/** Another seller's offer of a configuration, as the admin's grid shows it (read-only). */
const otherOfferSchema = z.object({
  offerId: z.string(),
  sellerName: z.string(),
  pricePaise: z.number().int(),
  stock: z.number().int(),
  dispatchDays: z.number().int(),
  condition: z.string(),
  status: z.string(),
});

export const configurationSchema = z.object({
  variantId: z.string(),
  options: z.record(z.string(), z.string()),
  /** "16 GB · 512 GB SSD", in the product's option order; "One configuration" without options. */
  label: z.string(),
  sku: z.string().nullable(),
  ean: z.string().nullable(),
  status: z.enum(CONFIGURATION_STATUSES),
  mrpPaise: z.number().int(),
  hsnCode: z.string(),
  gstRateBp: z.number().int(),
  processor: z.string().nullable(),
  ramGb: z.number().int().nullable(),
  storageGb: z.number().int().nullable(),
  storageType: z.string().nullable(),
  screenSizeIn: z.number().nullable(),
  colour: z.string().nullable(),
  /** The product's seller's own offer of it (new condition); null when it has none yet. */
  offer: z
    .object({ offerId: z.string(), pricePaise: z.number().int(), stock: z.number().int(), dispatchDays: z.number().int() })
    .nullable(),
  /** Whether orders name it: then it is archived, never removed. */
  ordered: z.boolean(),
  /** The offers of other sellers (the admin's grid shows them; the seller's is empty). */
  otherOffers: z.array(otherOfferSchema),
});
export type Configuration = z.infer<typeof configurationSchema>;

export const configurationsResponseSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  category: z.enum(['Laptop', 'Desktop', 'Monitor']),
  /** The options the product's category allows, in the picker's order. */
  allowedOptionKeys: z.array(z.string()),
  optionKeys: z.array(z.string()),
  configurations: z.array(configurationSchema),
});
export type ConfigurationsResponse = z.infer<typeof configurationsResponseSchema>;

/** "16 GB · 512 GB SSD": a configuration's option values in the product's order. */
export function configurationLabel(options: Record<string, string>, keys: readonly string[]): string {
  const ordered = [...keys.filter((k) => k in options), ...Object.keys(options).filter((k) => !keys.includes(k))];
  return ordered.map((k) => options[k]).join(' · ') || 'One configuration';
}
