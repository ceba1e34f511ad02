import { addWorkingDays, deliveryWindowDays, deliveryZone } from '~/shared/delivery';
import type { Database, Executor } from '../../db/client';
import type { KeyValueStore } from '../../lib/kv-store';
import { parcelOf } from './parcel';
import type { Parcel, RateQuery, ShippingProvider } from './provider';
import * as repo from './serviceability.repo';

/**
 * Checkout's serviceability (decision 80): for a seller's parcel from its pickup PIN to the customer's PIN,
 * whether a courier takes it, in how many days for the shop's standard and express options, and whether it
 * collects cash on delivery, from the provider's rates; cached per (provider, pickup PIN, delivery PIN,
 * weight slab, COD band); the shop's delivery table (`shared/delivery.ts`) when the provider errs or does
 * not answer within the timeout, said to be an estimate. Never throws for the courier's sake.
 */

/** Working days from the order to the delivery, earliest and latest. */
export interface DeliveryDays {
  minDays: number;
  maxDays: number;
}

export interface ParcelAnswer {
  /** 'courier': the courier's answer; 'table': the shop's own table because the courier did not answer (an estimate). */
  source: 'courier' | 'table';
  serviceable: boolean;
  /** Why not, in the courier's words (or the table's); null when serviceable. */
  reason: string | null;
  /** Standard: the cheapest courier's promised days; express: the fastest courier's. Null when not serviceable. */
  standard: DeliveryDays | null;
  express: DeliveryDays | null;
  /** Whether a courier collects the cash (false when prepaid was asked, or none does for this amount or PIN). */
  codAllowed: boolean;
}

/** What the shop asks the courier, cached: the days of its cheapest and fastest courier. */
interface CourierAnswer {
  serviceable: boolean;
  reason: string | null;
  cheapestDays: number | null;
  fastestDays: number | null;
}

/** Working days a seller takes to hand a parcel to the courier, added to the courier's promised days. */
export const DISPATCH_DAYS = 1;
/** COD amounts are asked in bands of ₹5,000 (rounded up), so the cache holds a few answers per route. */
export const COD_BAND_PAISE = 5_000_00;
const SLAB_GRAMS = 500;

/** The weight slab a courier charges for: dead or volumetric (cm³ ÷ 5000 kg), whichever is more, up to the next 500 g. */
export function weightSlabGrams(parcel: Parcel): number {
  const volumetric = (parcel.lengthMm * parcel.widthMm * parcel.heightMm) / 5_000;
  return Math.max(SLAB_GRAMS, Math.ceil(Math.max(parcel.weightGrams, volumetric) / SLAB_GRAMS) * SLAB_GRAMS);
}

export const codBandOf = (paise: number) => Math.max(COD_BAND_PAISE, Math.ceil(paise / COD_BAND_PAISE) * COD_BAND_PAISE);

const courierDays = (days: number): DeliveryDays => ({ minDays: days + DISPATCH_DAYS, maxDays: days + DISPATCH_DAYS + 1 });

/** The shop's own table, as before couriers answered: the PIN's zone, its days, and whether cash is collected there. */
export function tableAnswer(deliveryPin: string, cod: boolean): ParcelAnswer {
  const zone = deliveryZone(deliveryPin);
  if (!zone) {
    return {
      source: 'table',
      serviceable: false,
      reason: `We do not deliver to PIN code ${deliveryPin} yet.`,
      standard: null,
      express: null,
      codAllowed: false,
    };
  }
  return {
    source: 'table',
    serviceable: true,
    reason: null,
    standard: deliveryWindowDays(zone, 'standard'),
    express: deliveryWindowDays(zone, 'express'),
    codAllowed: cod && zone.cod,
  };
}

/** A delivery window of working days as dates from `now` (yyyy-mm-dd in India). */
export function windowOf(days: DeliveryDays, now: Date): { expectedFrom: string; expectedBy: string } {
  return { expectedFrom: addWorkingDays(now, days.minDays), expectedBy: addWorkingDays(now, days.maxDays) };
}

export interface ServiceabilityDeps {
  db: Database;
  provider: ShippingProvider;
  /** The shop's key-value store (memory or Redis) the answers are cached in. */
  store: KeyValueStore;
  /** How long the provider may take before the table answers instead. */
  timeoutMs?: number;
  /** How long a courier's answer is kept. */
  ttlSeconds?: number;
}

/** One seller's part of a cart: its items (configurations and quantities) and what the courier would collect. */
export interface SellerGoods {
  vendorId: string;
  items: { productId: string; variantId: string; quantity: number }[];
  /** Cash the courier would collect for this parcel, or null when COD is not asked (the shop's own rules refuse it). */
  codAmountPaise: number | null;
  declaredValuePaise: number;
}

export interface SellerParcelAnswer extends ParcelAnswer {
  vendorId: string;
  /** Where the parcel is collected (the seller's pickup PIN and city); null when the seller has no pickup address. */
  from: { pinCode: string; city: string } | null;
}

export function createServiceability(deps: ServiceabilityDeps) {
  const { db, provider, store } = deps;
  const timeoutMs = deps.timeoutMs ?? 1_500;
  const ttlSeconds = deps.ttlSeconds ?? 6 * 60 * 60;
  /** Questions being asked now: the same question asked twice at once is asked of the provider once. */
  const asking = new Map<string, Promise<CourierAnswer | null>>();

  async function askProvider(query: RateQuery): Promise<CourierAnswer | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      const answer = await Promise.race([provider.rates(query), timeout]);
      if (!answer) return null;
      const days = answer.rates.map((r) => r.promisedDays);
      return {
        serviceable: answer.serviceable && answer.rates.length > 0,
        reason: answer.reason,
        // The provider's rates come cheapest first.
        cheapestDays: answer.rates[0]?.promisedDays ?? null,
        fastestDays: days.length > 0 ? Math.min(...days) : null,
      };
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The courier's answer for the route, slab and COD band: from the cache, else asked (and kept); null when it does not answer. */
  async function ask(query: RateQuery): Promise<CourierAnswer | null> {
    const cod = query.codAmountPaise === null ? 'prepaid' : `cod${query.codAmountPaise}`;
    const key = `shipping:serviceability:v1:${provider.name}:${query.pickupPin}:${query.deliveryPin}:${weightSlabGrams(query.parcel)}:${cod}`;
    const cached = await store.get(key).catch(() => null);
    if (cached) return JSON.parse(cached) as CourierAnswer;
    const pending = asking.get(key);
    if (pending) return pending;
    const question = askProvider(query).then(async (answer) => {
      if (answer) await store.set(key, JSON.stringify(answer), ttlSeconds).catch(() => undefined);
      return answer;
    });
    asking.set(key, question);
    try {
      return await question;
    } finally {
      asking.delete(key);
    }
  }

  /**
   * Whether a courier takes the parcel from `pickupPin` to `deliveryPin`, its days for standard and express,
   * and (when `codAmountPaise` is given) whether it collects that cash. A COD amount is asked in its band
   * (rounded up), so the answer holds for any amount of the band.
   */
  async function check(query: RateQuery): Promise<ParcelAnswer> {
    const prepaid = await ask({ ...query, codAmountPaise: null });
    if (!prepaid) return tableAnswer(query.deliveryPin, query.codAmountPaise !== null);
    if (!prepaid.serviceable || prepaid.cheapestDays === null || prepaid.fastestDays === null) {
      return {
        source: 'courier',
        serviceable: false,
        reason: prepaid.reason ?? `No courier serves PIN ${query.deliveryPin}.`,
        standard: null,
        express: null,
        codAllowed: false,
      };
    }
    let codAllowed = false;
    let source: ParcelAnswer['source'] = 'courier';
    if (query.codAmountPaise !== null) {
      const cod = await ask({ ...query, codAmountPaise: codBandOf(query.codAmountPaise) });
      if (cod) codAllowed = cod.serviceable;
      else {
        source = 'table';
        codAllowed = tableAnswer(query.deliveryPin, true).codAllowed;
      }
    }
    return {
      source,
      serviceable: true,
      reason: null,
      standard: courierDays(prepaid.cheapestDays),
      express: courierDays(prepaid.fastestDays),
      codAllowed,
    };
  }

  /**
   * Each seller's parcel of a cart to the delivery PIN: the parcel weighed from the catalogue's packed weights
   * and boxes (decision 78), from the seller's pickup PIN. A seller without a pickup address is answered from
   * the table. `executor`: the caller's transaction, when it reads in one.
   */
  async function forSellers(deliveryPin: string, sellers: readonly SellerGoods[], executor: Executor = db): Promise<SellerParcelAnswer[]> {
    // In the caller's transaction when it gives one (placing an order): one connection, one after the other.
    const places = await repo.pickupPlaces(
      executor,
      sellers.map((s) => s.vendorId),
    );
    const units = await repo.packedUnits(
      executor,
      sellers.flatMap((s) => s.items),
    );
    const unitOf = new Map(units.map((u) => [`${u.productId}\u0000${u.variantId}`, u]));
    return Promise.all(
      sellers.map(async (seller): Promise<SellerParcelAnswer> => {
        const from = places.get(seller.vendorId) ?? null;
        if (!from) return { vendorId: seller.vendorId, from, ...tableAnswer(deliveryPin, seller.codAmountPaise !== null) };
        // Whether the route is served, and in how many days, is asked for the seller's largest single unit: goods
        // beyond one parcel (an office's sixty monitors) go as several parcels, which the seller books, so a
        // courier's weight limit per parcel never refuses a PIN the courier serves.
        const units = seller.items.map((item) => {
          const unit = unitOf.get(`${item.productId}\u0000${item.variantId}`);
          return {
            itemId: item.variantId,
            name: item.productId,
            sku: item.variantId,
            openQuantity: 1,
            weightGrams: unit?.weightGrams ?? null,
            lengthMm: unit?.lengthMm ?? null,
            widthMm: unit?.widthMm ?? null,
            heightMm: unit?.heightMm ?? null,
          };
        });
        const weighed = units.map((unit) => ({ unit, grams: weightSlabGrams(parcelOf([unit])) }));
        const largest = weighed.reduce((a, b) => (b.grams > a.grams ? b : a)).unit;
        const { estimatedFor: _estimated, ...parcel } = parcelOf([largest]);
        const answer = await check({
          pickupPin: from.pinCode,
          deliveryPin,
          parcel,
          codAmountPaise: seller.codAmountPaise,
          declaredValuePaise: seller.declaredValuePaise,
        });
        return { vendorId: seller.vendorId, from, ...answer };
      }),
    );
  }

  return {
    check,
    forSellers,
    /**
     * The product page's check: one unit of the product's own offer (its seller and price, as the catalogue
     * gives them) from its seller to the PIN, COD asked at its price up to the shop's limit.
     */
    async forProduct(
      deliveryPin: string,
      product: { id: string; vendorId: string; pricePaise: number },
      codLimitPaise: number,
    ): Promise<SellerParcelAnswer> {
      const productId = product.id;
      const [answer] = await forSellers(deliveryPin, [
        {
          vendorId: product.vendorId,
          items: [{ productId, variantId: productId, quantity: 1 }],
          // Whether a courier collects cash at the PIN, as the page says it (the amount, at most the shop's limit, is checkout's).
          codAmountPaise: codLimitPaise > 0 ? Math.min(product.pricePaise, codLimitPaise) : null,
          declaredValuePaise: product.pricePaise,
        },
      ]);
      return answer!;
    },
  };
}

export type ServiceabilityService = ReturnType<typeof createServiceability>;
