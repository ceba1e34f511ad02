import { formatPaise, parseRupeesToPaise } from '~/shared/money';
import {
  configurationsInputSchema,
  type Configuration,
  type ConfigurationInput,
  type ConfigurationsInput,
  type ConfigurationsResponse,
} from '~/shared/schemas/product-configurations';

/** A row of the grid as typed: text in the inputs (rupees, GB), turned into the API's values on save. */
export interface GridRow {
  /** The grid's own key of the row (a new row has no variant yet). */
  key: string;
  variantId?: string;
  options: Record<string, string>;
  sku: string;
  ean: string;
  status: 'active' | 'archived';
  mrp: string;
  hsnCode: string;
  gstRateBp: number;
  processor: string;
  ramGb: string;
  storageGb: string;
  storageType: string;
  screenSizeIn: string;
  colour: string;
  price: string;
  stock: string;
  stockWas?: number;
  dispatchDays: string;
  ordered: boolean;
  otherOffers: Configuration['otherOffers'];
}

let made = 0;
export const newRowKey = () => `row-${++made}`;

/** Rupees as the seller types them back ("74990.00" → "74,990"). */
const rupees = (paise: number | null | undefined) =>
  paise === null || paise === undefined ? '' : formatPaise(paise).replace(/^₹/, '').replace(/\.00$/, '');
const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function rowsFromAnswer(answer: ConfigurationsResponse): GridRow[] {
  return answer.configurations.map((c) => ({
    key: newRowKey(),
    variantId: c.variantId,
    options: { ...c.options },
    sku: text(c.sku),
    ean: text(c.ean),
    status: c.status,
    mrp: rupees(c.mrpPaise),
    hsnCode: c.hsnCode,
    gstRateBp: c.gstRateBp,
    processor: text(c.processor),
    ramGb: text(c.ramGb),
    storageGb: text(c.storageGb),
    storageType: text(c.storageType),
    screenSizeIn: text(c.screenSizeIn),
    colour: text(c.colour),
    price: rupees(c.offer?.pricePaise),
    stock: text(c.offer?.stock ?? 0),
    stockWas: c.offer?.stock,
    dispatchDays: text(c.offer?.dispatchDays ?? 1),
    ordered: c.ordered,
    otherOffers: c.otherOffers,
  }));
}

/** What an option's value says of the typed specifications: "32 GB" RAM is 32, "1 TB SSD" storage 1024 GB of SSD, "27 inch" 27. */
export function specsFromOptions(options: Record<string, string>): Partial<GridRow> {
  const specs: Partial<GridRow> = {};
  const number = (v: string) => /(\d+(?:\.\d+)?)/.exec(v)?.[1];
  if (options.ram && number(options.ram)) specs.ramGb = String(Math.round(Number(number(options.ram))));
  if (options.storage && number(options.storage)) {
    const n = Number(number(options.storage));
    specs.storageGb = String(/tb/i.test(options.storage) ? Math.round(n * 1024) : Math.round(n));
    const type = /\b(ssd|hdd|emmc)\b/i.exec(options.storage)?.[1];
    if (type) specs.storageType = type.toUpperCase() === 'EMMC' ? 'eMMC' : type.toUpperCase();
  }
  if (options.size && number(options.size)) specs.screenSizeIn = number(options.size)!;
  if (options.processor) specs.processor = options.processor;
  if (options.colour) specs.colour = options.colour;
  return specs;
}

/** A new row like `template` (its MRP, price, tax and specifications), with these options, none in stock. */
export function rowLike(template: GridRow | undefined, options: Record<string, string>): GridRow {
  return {
    key: newRowKey(),
    options,
    sku: '',
    ean: '',
    status: 'active',
    mrp: template?.mrp ?? '',
    hsnCode: template?.hsnCode ?? '84713010',
    gstRateBp: template?.gstRateBp ?? 1800,
    processor: template?.processor ?? '',
    ramGb: template?.ramGb ?? '',
    storageGb: template?.storageGb ?? '',
    storageType: template?.storageType ?? '',
    screenSizeIn: template?.screenSizeIn ?? '',
    colour: template?.colour ?? '',
    price: template?.price ?? '',
    stock: '0',
    dispatchDays: template?.dispatchDays ?? '1',
    ordered: false,
    otherOffers: [],
    ...specsFromOptions(options),
  };
}

const nameOf = (options: Record<string, string>, keys: readonly string[]) =>
  keys.map((k) => (options[k] ?? '').trim().toLowerCase()).join('\u0000');

/** Every combination of the values typed per option, in order ("16 GB, 32 GB" × "512 GB SSD, 1 TB SSD": four). */
export function combinations(keys: readonly string[], values: Record<string, string[]>): Record<string, string>[] {
  return keys.reduce<Record<string, string>[]>(
    (all, key) => all.flatMap((partial) => (values[key] ?? []).map((v) => ({ ...partial, [key]: v }))),
    [{}],
  );
}

/** The rows with a row added for each combination not in the grid yet (each like the first row). */
export function generateRows(
  rows: GridRow[],
  keys: readonly string[],
  values: Record<string, string[]>,
): { rows: GridRow[]; added: number } {
  if (keys.length === 0 || keys.some((k) => !values[k]?.length)) return { rows, added: 0 };
  const present = new Set(rows.map((r) => nameOf(r.options, keys)));
  const fresh = combinations(keys, values).filter((o) => !present.has(nameOf(o, keys)));
  return { rows: [...rows, ...fresh.map((o) => rowLike(rows[0], o))], added: fresh.length };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v.replace(/,/g, '')));

/**
 * The grid as the API takes it, or the errors to show on its cells (`configurations.2.pricePaise`),
 * checked with the server's own schema: what the server would refuse is said before anything is sent.
 */
export function gridInput(
  optionKeys: string[],
  rows: GridRow[],
): { ok: true; body: ConfigurationsInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const configurations = rows.map((r, i): ConfigurationInput => {
    const paise = (typed: string, field: string, what: string) => {
      const value = parseRupeesToPaise(typed);
      if (value === null) errors[`configurations.${i}.${field}`] = `Enter the ${what} in rupees, like 74,990`;
      return value ?? 0;
    };
    const whole = (typed: string, field: string, what: string) => {
      const value = Number(typed.replace(/,/g, '').trim());
      if (typed.trim() === '' || !Number.isInteger(value)) errors[`configurations.${i}.${field}`] = `Enter the ${what} as a whole number`;
      return value;
    };
    return {
      ...(r.variantId && { variantId: r.variantId }),
      options: Object.fromEntries(optionKeys.map((k) => [k, r.options[k] ?? ''])),
      sku: orNull(r.sku),
      ean: orNull(r.ean),
      status: r.status,
      mrpPaise: paise(r.mrp, 'mrpPaise', 'MRP'),
      hsnCode: r.hsnCode,
      gstRateBp: r.gstRateBp,
      processor: orNull(r.processor),
      ramGb: numberOrNull(r.ramGb),
      storageGb: numberOrNull(r.storageGb),
      storageType: orNull(r.storageType),
      screenSizeIn: numberOrNull(r.screenSizeIn),
      colour: orNull(r.colour),
      pricePaise: paise(r.price, 'pricePaise', 'price'),
      stock: whole(r.stock, 'stock', 'stock'),
      ...(r.stockWas !== undefined && { stockWas: r.stockWas }),
      dispatchDays: whole(r.dispatchDays, 'dispatchDays', 'days to dispatch'),
    };
  });
  const body = { optionKeys, configurations };
  const parsed = configurationsInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
