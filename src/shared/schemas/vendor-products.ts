import { z } from 'zod';
import { CATEGORIES, isCategory, MAX_LINE_QUANTITY, MAX_ORDER_LINE_QUANTITY, type Category } from '../constants';
import { formatPaise, parseRupeesToPaise } from '../money';
import { PRICING } from '../pricing';
import { inSentence } from './common';

/**
 * The seller centre's product form: one zod schema that the browser's form and the server both
 * validate with. The typed specifications are the catalogue's own columns (the ones its filters,
 * search terms and compare read), so a product listed here is found by them at once.
 */

/** What a vendor may set; `pending_review` is the shop's own state, not the vendor's choice. */
export const VENDOR_PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type VendorProductStatus = (typeof VENDOR_PRODUCT_STATUSES)[number];

/**
 * GST rates a product may be given, in percent: the slabs since 22 September 2025 ("GST 2.0",
 * decision 45), with 0 for exempt goods. The rate is the one in force when the goods are sold, so a
 * product saved with a removed slab (12 or 28) must be given its new rate when it is next saved.
 */
export const GST_RATE_PERCENTS = [0, 5, 18, 40] as const;
/** Slabs removed on 22 September 2025: a product may still carry one from before (shown, not offered). */
export const REMOVED_GST_RATE_PERCENTS = [12, 28] as const;

export const MAX_PRODUCT_PICTURES = 8;

/** The typed specifications, their labels, and the values buyers filter on (offered as suggestions). */
export const SPEC_FIELDS = {
  processor: { label: 'Processor', hint: 'The exact model, e.g. Intel Core i5-1335U', suggestions: [] },
  processorFamily: {
    label: 'Processor family',
    hint: 'Shown in the Processor filter',
    suggestions: [
      'Intel Core i3',
      'Intel Core i5',
      'Intel Core i7',
      'Intel Core i9',
      'Intel Core Ultra 5',
      'Intel Core Ultra 7',
      'AMD Ryzen 3',
      'AMD Ryzen 5',
      'AMD Ryzen 7',
      'AMD Ryzen 9',
      'Apple M3',
      'Apple M4',
      'Apple M4 Pro',
      'Snapdragon X',
    ],
  },
  ramGb: { label: 'RAM (GB)', hint: '', suggestions: ['8', '16', '32', '64'] },
  storageGb: { label: 'Storage (GB)', hint: '1 TB is 1024', suggestions: ['256', '512', '1024', '2048'] },
  storageType: { label: 'Storage type', hint: '', suggestions: ['SSD', 'HDD', 'SSD + HDD', 'eMMC'] },
  graphics: { label: 'Graphics', hint: 'e.g. Intel Iris Xe, NVIDIA GeForce RTX 4060 8 GB', suggestions: [] },
  operatingSystem: {
    label: 'Operating system',
    hint: '',
    suggestions: ['Windows 11 Home', 'Windows 11 Pro', 'macOS', 'Ubuntu Linux', 'ChromeOS', 'No operating system'],
  },
  screenSizeIn: { label: 'Screen size (inches)', hint: 'e.g. 15.6', suggestions: ['14', '15.6', '16', '23.8', '27', '32'] },
  resolution: { label: 'Resolution', hint: 'Width x height in pixels, e.g. 1920 x 1080', suggestions: [] },
  resolutionName: {
    label: 'Resolution name',
    hint: 'Shown in the Resolution filter',
    suggestions: ['HD', 'Full HD', 'WUXGA', 'QHD', 'WQXGA', '2.8K', '3K', '4K UHD', '5K', 'UWQHD'],
  },
  panelType: { label: 'Panel type', hint: '', suggestions: ['IPS', 'VA', 'TN', 'OLED', 'Mini LED'] },
  refreshRateHz: { label: 'Refresh rate (Hz)', hint: '', suggestions: ['60', '75', '100', '144', '165', '240'] },
  ports: { label: 'Ports', hint: 'One per line or separated by commas, e.g. HDMI 2.0, DisplayPort 1.4', suggestions: [] },
} as const;
export type SpecField = keyof typeof SPEC_FIELDS;

/** Which specifications each category shows, and which of them it requires. */
export const CATEGORY_SPECS: Record<Category, { field: SpecField; required: boolean }[]> = {
  Laptop: [
    { field: 'processor', required: true },
    { field: 'processorFamily', required: true },
    { field: 'ramGb', required: true },
    { field: 'storageGb', required: true },
    { field: 'storageType', required: true },
    { field: 'graphics', required: true },
    { field: 'operatingSystem', required: true },
    { field: 'screenSizeIn', required: true },
    { field: 'resolution', required: true },
    { field: 'resolutionName', required: true },
    { field: 'panelType', required: false },
    { field: 'refreshRateHz', required: false },
  ],
  Desktop: [
    { field: 'processor', required: true },
    { field: 'processorFamily', required: true },
    { field: 'ramGb', required: true },
    { field: 'storageGb', required: true },
    { field: 'storageType', required: true },
    { field: 'graphics', required: true },
    { field: 'operatingSystem', required: true },
    // All-in-ones have a screen.
    { field: 'screenSizeIn', required: false },
    { field: 'resolution', required: false },
    { field: 'resolutionName', required: false },
  ],
  Monitor: [
    { field: 'screenSizeIn', required: true },
    { field: 'resolution', required: true },
    { field: 'resolutionName', required: true },
    { field: 'panelType', required: true },
    { field: 'refreshRateHz', required: true },
    { field: 'ports', required: true },
  ],
};

/** The HSN code a product of each category usually has (chapter 84 computers, 85 monitors). */
export const DEFAULT_HSN: Record<Category, string> = { Laptop: '84713010', Desktop: '84714190', Monitor: '85285200' };

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${inSentence(label)}` })
    .trim()
    .min(min, min <= 1 ? `Enter the ${inSentence(label)}` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text: empty means none. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : null));

/** A number typed in a form field or sent as JSON; empty means none. */
const optionalNumber = (label: string, min: number, max: number, options: { integer?: boolean; decimals?: number } = {}) =>
  z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v.replace(/,/g, ''));
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (options.integer && !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      // 2.3 × 100 is 229.99999999999997 in floating point: compare with a tolerance, not exactly.
      const scaled = options.decimals === undefined ? 0 : n * 10 ** options.decimals;
      if (options.decimals !== undefined && Math.abs(Math.round(scaled) - scaled) > 1e-6) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} may have at most ${options.decimals} decimal place${options.decimals === 1 ? '' : 's'}`,
        });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** Rupees as typed (₹ and Indian commas allowed, up to two decimals), as integer paise. */
export const rupeesToPaise = (label: string) =>
  z.union([z.number(), z.string().trim()], { error: `Enter the ${inSentence(label)}` }).transform((v, ctx) => {
    if (typeof v === 'string' && v.replace(/[₹,\s]/g, '') === '') {
      ctx.addIssue({ code: 'custom', message: `Enter the ${inSentence(label)}` });
      return z.NEVER;
    }
    const paise = parseRupeesToPaise(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in rupees, like 54,990 or 54990.50` });
      return z.NEVER;
    }
    if (paise < 100) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at least ₹1` });
      return z.NEVER;
    }
    if (paise > 1_00_00_000_00) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ₹1,00,00,000` });
      return z.NEVER;
    }
    return paise;
  });

const wholeCount = (label: string, max: number) =>
  z.union([z.number(), z.string().trim()], { error: `Enter the ${inSentence(label)}` }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? NaN : Number(v.replace(/,/g, ''));
    if (!Number.isInteger(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number, 0 or more` });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max.toLocaleString('en-IN')}` });
      return z.NEVER;
    }
    return n;
  });

const specFieldsShape = {
  processor: optionalText('Processor', 100),
  processorFamily: optionalText('Processor family', 40).pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N} .-]+$/u, 'Processor family may have letters, digits, spaces, dots and dashes')
      .nullable(),
  ),
  ramGb: optionalNumber('RAM', 1, 1024, { integer: true }),
  storageGb: optionalNumber('Storage', 16, 65_536, { integer: true }),
  storageType: optionalText('Storage type', 30),
  graphics: optionalText('Graphics', 100),
  operatingSystem: optionalText('Operating system', 60),
  screenSizeIn: optionalNumber('Screen size', 7, 100, { decimals: 1 }),
  resolution: optionalText('Resolution', 30).pipe(
    z
      .string()
      .regex(/^\d{3,5}\s*[x×]\s*\d{3,5}$/, 'Resolution must be width x height in pixels, like 1920 x 1080')
      .transform((v) => v.replace(/\s*[x×]\s*/, ' x '))
      .nullable(),
  ),
  resolutionName: optionalText('Resolution name', 30).pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N} +.-]+$/u, 'Resolution name may have letters, digits, spaces, dots, dashes and +')
      .nullable(),
  ),
  panelType: optionalText('Panel type', 30),
  refreshRateHz: optionalNumber('Refresh rate', 24, 600, { integer: true }),
  ports: z
    .union([z.array(z.string()), z.string()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(/[\n,]/)).map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(60, 'Each port must be at most 60 characters')).max(20, 'List at most 20 ports')),
} satisfies Record<SpecField, z.ZodType>;

export const specLineSchema = z.strictObject({
  label: text('Label', 1, 40),
  value: text('Value', 1, 200),
});

/**
 * Where the model is made and its manufacturer or importer (Legal Metrology; decision 73). Optional in a draft
 * (and absent: a product of before keeps none); a product put on sale needs all three (`missingOrigin`).
 */
const keptText = (label: string, max: number, pattern?: { regex: RegExp; message: string }) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !pattern || v === '' || pattern.regex.test(v), pattern?.message ?? '')
    .transform((v) => v || null)
    .optional();
const originFieldsShape = {
  /** Absent: the product keeps what it has (an API caller or a CSV of before); empty: none. */
  originCountry: keptText('Country of origin', 56, {
    regex: /^[\p{L}][\p{L} .'()-]*$/u,
    message: "Country of origin may have letters, spaces and . ' ( ) -",
  }),
  makerName: keptText('Manufacturer or importer', 150),
  makerAddress: keptText('Address of the manufacturer or importer', 400),
};

/**
 * A quantity limit per order line (decision 77), typed in the form or sent as JSON: absent, the product keeps its
 * own (an API caller or a CSV of before); empty, the shop's default; else a whole number from 1 to MAX_ORDER_LINE_QUANTITY.
 */
const keptLimit = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === '') return null;
      const n = typeof v === 'number' ? v : Number(v.replace(/,/g, ''));
      if (!Number.isInteger(n) || n < 1 || n > MAX_ORDER_LINE_QUANTITY) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number from 1 to ${MAX_ORDER_LINE_QUANTITY}` });
        return z.NEVER;
      }
      return n;
    });

const quantityLimitFieldsShape = {
  maxConsumerQuantity: keptLimit('The limit per order'),
  maxBusinessQuantity: keptLimit('The limit for businesses'),
};

/** The form fields of the origin, in the order the form and the CSV show them. */
export const ORIGIN_FIELDS = ['originCountry', 'makerName', 'makerAddress'] as const;

/**
 * The errors, by field, of a product going on sale without its country of origin or its manufacturer or
 * importer (Legal Metrology (Packaged Commodities) Rules 2011, rule 6; decision 73); empty when all are given.
 */
export function missingOrigin(p: { originCountry?: string | null; makerName?: string | null; makerAddress?: string | null }) {
  const role = p.originCountry && !/^\s*india\s*$/i.test(p.originCountry) ? 'importer' : 'manufacturer';
  const errors: Partial<Record<(typeof ORIGIN_FIELDS)[number], string>> = {};
  if (!p.originCountry) errors.originCountry = 'Enter the country of origin: a product on sale must say where it is made';
  if (!p.makerName) errors.makerName = `Enter the name of the ${role}: a product on sale must name who made or imported it`;
  if (!p.makerAddress) errors.makerAddress = `Enter the address of the ${role}`;
  return errors;
}

/** The product form and `POST /api/vendor/products`, `PUT /api/vendor/products/{id}`. */
export const productInputSchema = z
  .strictObject({
    category: z.enum(CATEGORIES, { error: 'Choose a category: Laptop, Desktop or Monitor' }),
    brand: text('Brand', 1, 40).regex(/^[\p{L}\p{N} &.'-]+$/u, "Brand may have letters, digits, spaces and & . ' -"),
    name: text('Name', 5, 150),
    sku: optionalText('SKU', 64).pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'SKU may have letters, digits, dots, dashes, slashes and underscores')
        .nullable(),
    ),
    model: optionalText('Model number', 60),
    description: text('Description', 30, 5000),
    price: rupeesToPaise('Price'),
    mrp: rupeesToPaise('MRP'),
    hsnCode: z
      .string({ error: 'Enter the HSN code' })
      .trim()
      .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code must be 4, 6 or 8 digits, like 84713010'),
    gstRatePercent: z.coerce.number({ error: 'Choose a GST rate' }).refine((v) => (GST_RATE_PERCENTS as readonly number[]).includes(v), {
      error: (issue) =>
        (REMOVED_GST_RATE_PERCENTS as readonly number[]).includes(Number(issue.input))
          ? `${String(issue.input)}% is no longer a GST rate (since 22 Sept 2025): choose 0, 5, 18 or 40%`
          : 'GST rate must be 0, 5, 18 or 40%',
    }),
    stock: wholeCount('Stock', 100_000),
    warranty: text('Warranty', 3, 100),
    warrantyMonths: optionalNumber('Warranty months', 0, 120, { integer: true }).pipe(z.number({ error: 'Enter the warranty in months' })),
    weightKg: optionalNumber('Packed weight', 0.05, 100, { decimals: 2 }).pipe(z.number({ error: 'Enter the packed weight in kg' })),
    lengthCm: optionalNumber('Box length', 1, 300, { decimals: 1 }).pipe(z.number({ error: 'Enter the box length in cm' })),
    widthCm: optionalNumber('Box width', 1, 300, { decimals: 1 }).pipe(z.number({ error: 'Enter the box width in cm' })),
    heightCm: optionalNumber('Box height', 1, 300, { decimals: 1 }).pipe(z.number({ error: 'Enter the box height in cm' })),
    status: z.enum(VENDOR_PRODUCT_STATUSES, { error: 'Status must be draft, active or archived' }),
    ...specFieldsShape,
    extraSpecs: z.array(specLineSchema).max(30, 'At most 30 extra specification lines').default([]),
    ...originFieldsShape,
    ...quantityLimitFieldsShape,
    /** The stock the vendor saw when the form opened: a different stock now means orders came in meanwhile. */
    stockWas: z.number().int().min(0).optional(),
  })
  .superRefine(
    (p, ctx) => {
      if (typeof p.price === 'number' && typeof p.mrp === 'number' && p.price > p.mrp) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price must not be above the MRP' });
      }
      if (typeof p.maxBusinessQuantity === 'number' && p.maxBusinessQuantity < (p.maxConsumerQuantity ?? MAX_LINE_QUANTITY)) {
        const consumer = p.maxConsumerQuantity ?? MAX_LINE_QUANTITY;
        ctx.addIssue({ code: 'custom', path: ['maxBusinessQuantity'], message: `At least the limit per order (${consumer})` });
      }
      for (const { field, required } of CATEGORY_SPECS[p.category]) {
        const value = p[field];
        const empty = value === null || (Array.isArray(value) && value.length === 0);
        if (required && empty) {
          const name = inSentence(SPEC_FIELDS[field].label.replace(/ \(.*\)$/, ''));
          ctx.addIssue({ code: 'custom', path: [field], message: `Enter the ${name} of this ${p.category.toLowerCase()}` });
        }
      }
    },
    // Runs beside the fields' own errors (so a form shows them all at once) whenever the category is known.
    { when: (payload) => isCategory(String((payload.value as { category?: unknown } | undefined)?.category)) },
  )
  .transform((p) => {
    // Specifications of other categories are dropped, so a monitor never carries a processor.
    const allowed = new Set(CATEGORY_SPECS[p.category].map((s) => s.field));
    const specs = Object.fromEntries(
      (Object.keys(SPEC_FIELDS) as SpecField[]).map((f) => [f, allowed.has(f) ? p[f] : f === 'ports' ? [] : null]),
    ) as { [K in SpecField]: (typeof p)[K] };
    return {
      category: p.category,
      brand: p.brand,
      name: p.name,
      sku: p.sku,
      model: p.model,
      description: p.description,
      pricePaise: p.price,
      mrpPaise: p.mrp,
      hsnCode: p.hsnCode,
      gstRateBp: Math.round(p.gstRatePercent * 100),
      stock: p.stock,
      warranty: p.warranty,
      warrantyMonths: p.warrantyMonths,
      weightGrams: Math.round(p.weightKg * 1000),
      lengthMm: Math.round(p.lengthCm * 10),
      widthMm: Math.round(p.widthCm * 10),
      heightMm: Math.round(p.heightCm * 10),
      status: p.status,
      ...specs,
      extraSpecs: p.extraSpecs,
      originCountry: p.originCountry,
      makerName: p.makerName,
      makerAddress: p.makerAddress,
      maxConsumerQuantity: p.maxConsumerQuantity,
      maxBusinessQuantity: p.maxBusinessQuantity,
      stockWas: p.stockWas,
    };
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductWrite = z.output<typeof productInputSchema>;

/** Why an inline price edit is refused: the price would be above the product's MRP, shown as ₹79,990.00. */
export const priceAboveMrpMessage = (mrpPaise: number) =>
  `Price must not be above the MRP (${formatPaise(mrpPaise)}). Change the MRP in the product's form first.`;

/** Inline edits from the products list: price, stock or status of one product. */
export const productPatchSchema = z
  .strictObject({
    price: rupeesToPaise('Price').optional(),
    stock: wholeCount('Stock', 100_000).optional(),
    status: z.enum(VENDOR_PRODUCT_STATUSES, { error: 'Status must be draft, active or archived' }).optional(),
    /** The stock the vendor saw: if orders changed it meanwhile, the edit is refused rather than lose them. */
    stockWas: z.number().int().min(0).optional(),
  })
  .refine((p) => p.price !== undefined || p.stock !== undefined || p.status !== undefined, 'Change the price, the stock or the status');
export type ProductPatch = z.output<typeof productPatchSchema>;

export const bulkStatusSchema = z.strictObject({
  ids: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one product').max(200, 'Choose at most 200 products at a time'),
  status: z.enum(['active', 'archived'], { error: 'Bulk status must be active or archived' }),
});
export const bulkStatusResponseSchema = z.object({ updated: z.number().int(), ids: z.array(z.string()) });

const productFormValuesShape = {
  id: z.string(),
  slug: z.string(),
  status: z.enum(['draft', 'pending_review', 'active', 'archived', 'hidden']),
  /** When the shop hid it: why (the vendor reads it), when, and the status it gets back when restored. */
  hiddenReason: z.string().nullable(),
  /** Why the shop's review sent the product back to draft (decision 70); null when it did not. */
  rejectionReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  statusBeforeHidden: z.enum(['draft', 'pending_review', 'active', 'archived']).nullable(),
  category: z.enum(CATEGORIES),
  brand: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  model: z.string().nullable(),
  description: z.string(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  hsnCode: z.string(),
  gstRateBp: z.number().int(),
  stock: z.number().int(),
  warranty: z.string(),
  warrantyMonths: z.number().int(),
  weightGrams: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  processor: z.string().nullable(),
  processorFamily: z.string().nullable(),
  ramGb: z.number().int().nullable(),
  storageGb: z.number().int().nullable(),
  storageType: z.string().nullable(),
  graphics: z.string().nullable(),
  operatingSystem: z.string().nullable(),
  screenSizeIn: z.number().nullable(),
  resolution: z.string().nullable(),
  resolutionName: z.string().nullable(),
  panelType: z.string().nullable(),
  refreshRateHz: z.number().int().nullable(),
  ports: z.array(z.string()),
  extraSpecs: z.array(z.object({ label: z.string(), value: z.string() })),
  originCountry: z.string().nullable(),
  makerName: z.string().nullable(),
  makerAddress: z.string().nullable(),
  /** The quantity limits per order line the seller set (decision 77); null: the shop's defaults. */
  maxConsumerQuantity: z.number().int().nullable(),
  maxBusinessQuantity: z.number().int().nullable(),
  images: z.array(z.object({ id: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() })),
  updatedAt: z.string(),
};

/** One of the vendor's products as its edit form needs it. */
export const ownProductSchema = z.object(productFormValuesShape);
export type OwnProduct = z.infer<typeof ownProductSchema>;
export const ownProductResponseSchema = z.object({ product: ownProductSchema });

/**
 * The status a product's form shows and sends back: a product under review shows draft; a hidden one
 * shows the status it had (and gets back when the shop restores it), which the vendor cannot change.
 */
export function formStatusOf(p: Pick<OwnProduct, 'status' | 'statusBeforeHidden'>): VendorProductStatus {
  const status = p.status === 'hidden' ? (p.statusBeforeHidden ?? 'draft') : p.status;
  return status === 'pending_review' ? 'draft' : status;
}

/** The form's starting values for a product (or a new one of a category), in the units the form shows. */
export function productFormValues(p: OwnProduct | null, category: Category = 'Laptop'): ProductInput {
  const rupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));
  const num = (v: number | null, divisor = 1) => (v === null ? '' : String(v / divisor));
  if (!p) {
    return {
      category,
      brand: '',
      name: '',
      sku: '',
      model: '',
      description: '',
      price: '',
      mrp: '',
      hsnCode: DEFAULT_HSN[category],
      gstRatePercent: PRICING.gstRateBp[category] / 100,
      stock: '0',
      warranty: '1 year manufacturer warranty',
      warrantyMonths: '12',
      weightKg: '',
      lengthCm: '',
      widthCm: '',
      heightCm: '',
      status: 'draft',
      ...Object.fromEntries((Object.keys(SPEC_FIELDS) as SpecField[]).map((f) => [f, ''])),
      extraSpecs: [],
      originCountry: '',
      makerName: '',
      makerAddress: '',
      maxConsumerQuantity: '',
      maxBusinessQuantity: '',
    } as ProductInput;
  }
  return {
    category: p.category,
    brand: p.brand,
    name: p.name,
    sku: p.sku ?? '',
    model: p.model ?? '',
    description: p.description,
    price: rupees(p.pricePaise),
    mrp: rupees(p.mrpPaise),
    hsnCode: p.hsnCode,
    gstRatePercent: p.gstRateBp / 100,
    stock: String(p.stock),
    warranty: p.warranty,
    warrantyMonths: String(p.warrantyMonths),
    weightKg: num(p.weightGrams, 1000),
    lengthCm: num(p.lengthMm, 10),
    widthCm: num(p.widthMm, 10),
    heightCm: num(p.heightMm, 10),
    status: formStatusOf(p),
    processor: p.processor ?? '',
    processorFamily: p.processorFamily ?? '',
    ramGb: num(p.ramGb),
    storageGb: num(p.storageGb),
    storageType: p.storageType ?? '',
    graphics: p.graphics ?? '',
    operatingSystem: p.operatingSystem ?? '',
    screenSizeIn: num(p.screenSizeIn),
    resolution: p.resolution ?? '',
    resolutionName: p.resolutionName ?? '',
    panelType: p.panelType ?? '',
    refreshRateHz: num(p.refreshRateHz),
    ports: p.ports.join('\n'),
    extraSpecs: p.extraSpecs,
    originCountry: p.originCountry ?? '',
    makerName: p.makerName ?? '',
    makerAddress: p.makerAddress ?? '',
    maxConsumerQuantity: num(p.maxConsumerQuantity),
    maxBusinessQuantity: num(p.maxBusinessQuantity),
  };
}

// ---------- pictures ----------

const imageIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a picture id');

export const productPictureSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The configuration the picture shows (decision 70); null for a picture of the model. */
  variantId: z.string().nullable().optional(),
});
export type ProductPicture = z.infer<typeof productPictureSchema>;
export const productPicturesResponseSchema = z.object({ pictures: z.array(productPictureSchema) });
export const productPictureResponseSchema = z.object({ picture: productPictureSchema });

/** `PUT /api/vendor/products/{id}/images/order`: every picture once, the main one first. */
export const reorderPicturesSchema = z.strictObject({
  ids: z.array(imageIdSchema).min(1, 'Send the pictures in their new order').max(MAX_PRODUCT_PICTURES),
});
/** `PUT /api/vendor/products/{id}/images/{imageId}`: which configuration the picture shows (null: every configuration). */
export const pictureVariantSchema = z.strictObject({
  variantId: z.string({ error: 'Choose a configuration, or all configurations' }).max(60).nullable(),
});
export const pictureParamsSchema = z.strictObject({ id: z.string().max(60), imageId: imageIdSchema });
export const pictureFileParamsSchema = pictureParamsSchema.extend({ file: z.string().max(20) });

/** The picture types the upload accepts; the server still decides the type from the decoded picture. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

// ---------- CSV import ----------

export const importPreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string().nullable(),
      name: z.string().nullable(),
      action: z.enum(['create', 'update', 'error']),
      errors: z.record(z.string(), z.string()),
      /** Picture addresses in the row's `picture_urls` (decision 61), fetched once the rows are written. */
      pictures: z.number().int(),
    }),
  ),
  create: z.number().int(),
  update: z.number().int(),
  error: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const importResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
