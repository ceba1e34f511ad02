import { configurationName } from '~/shared/catalogue';
import { DELIVERY_OPTIONS, type DeliveryOption, type PricedOrder } from '~/shared/pricing';
import type { QuoteResponse } from '~/shared/schemas/orders';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { windowOf, type DeliveryDays, type ServiceabilityService } from '../shipping/serviceability';
import type { PricedCart } from './cart-pricing';

/**
 * The checkout's delivery from the courier's answer (decision 80): each seller's parcel of the cart to the
 * customer's PIN through the shipping module's serviceability (cached; the shop's table when the courier does
 * not answer), the order's delivery window per option (the latest of its parcels), whether a courier collects
 * the cash, and the plain words when a PIN is not served. The quote shows it; placing an order refuses an
 * unserved PIN with the same words.
 */

type Window = { expectedFrom: string; expectedBy: string };

export interface CartDelivery {
  pinCode: string;
  /** Some answer is the shop's own table because the courier did not answer in time. */
  estimate: boolean;
  serviceable: boolean;
  /** "We can't deliver to 799999 yet: …", naming each seller's items not served; null when all are. */
  message: string | null;
  parcels: NonNullable<QuoteResponse['delivery']>['parcels'];
  /** The order's window by option (the latest parcel's); null when some parcel is not served. */
  windows: Record<DeliveryOption, Window> | null;
  /** A courier collects the cash for every parcel (asked only when the shop's own rules allow COD). */
  codAllowed: boolean;
}

const later = (a: Window, b: Window): Window => ({
  expectedFrom: a.expectedFrom > b.expectedFrom ? a.expectedFrom : b.expectedFrom,
  expectedBy: a.expectedBy > b.expectedBy ? a.expectedBy : b.expectedBy,
});

export function createCartDelivery(deps: { serviceability: Pick<ServiceabilityService, 'forSellers'> }) {
  /** Each seller's parcel of the priced cart to the PIN; COD asked when the total is within the shop's limit. */
  async function forCart(
    lines: PricedCart['lines'],
    priced: PricedOrder,
    pinCode: string,
    codLimitPaise: number,
    now: Date,
    executor?: Executor,
  ): Promise<CartDelivery> {
    const askCod = codLimitPaise > 0 && priced.totalPaise <= codLimitPaise;
    const sellers = new Map<
      string,
      { name: string; items: { productId: string; variantId: string; quantity: number }[]; names: string[]; paise: number }
    >();
    lines.forEach((line, i) => {
      const p = line.product;
      const seller = sellers.get(p.vendor_id) ?? { name: p.seller_name, items: [], names: [], paise: 0 };
      seller.items.push({ productId: p.id, variantId: p.variant_id, quantity: line.quantity });
      seller.names.push(configurationName(p.name, p.variant_options, p.option_keys));
      seller.paise += priced.lines[i]!.lineTotalPaise - priced.lines[i]!.discountPaise;
      sellers.set(p.vendor_id, seller);
    });
    const groups = [...sellers.entries()];
    const answers = await deps.serviceability.forSellers(
      pinCode,
      groups.map(([vendorId, s]) => ({
        vendorId,
        items: s.items,
        codAmountPaise: askCod ? s.paise : null,
        declaredValuePaise: s.paise,
      })),
      executor,
    );
    const win = (days: DeliveryDays | null) => (days ? windowOf(days, now) : null);
    const parcels = answers.map((a, i) => {
      const [, s] = groups[i]!;
      return {
        sellerName: s.name,
        fromCity: a.from?.city ?? null,
        items: s.names,
        serviceable: a.serviceable,
        reason: a.reason,
        estimate: a.source === 'table',
        standard: win(a.standard),
        express: win(a.express),
      };
    });
    const unserved = parcels.filter((p) => !p.serviceable);
    const message =
      unserved.length === 0
        ? null
        : `We can't deliver to ${pinCode} yet: ${unserved
            .map((p) => `no courier serves it from ${p.fromCity ?? 'the seller'} (${p.items.join(', ')}, sold by ${p.sellerName})`)
            .join('; ')}. Remove ${unserved.length === parcels.length ? 'them' : 'these items'} or choose another address.`;
    let windows: CartDelivery['windows'] = null;
    if (unserved.length === 0) {
      windows = Object.fromEntries(DELIVERY_OPTIONS.map((option) => [option, parcels.map((p) => p[option]!).reduce(later)])) as Record<
        DeliveryOption,
        Window
      >;
    }
    return {
      pinCode,
      estimate: answers.some((a) => a.source === 'table'),
      serviceable: unserved.length === 0,
      message,
      parcels,
      windows,
      codAllowed: askCod && answers.every((a) => a.codAllowed),
    };
  }

  return {
    forCart,
    /** The quote's `delivery` from the cart's answer. */
    quoteOf: ({ pinCode, estimate, serviceable, message, parcels }: CartDelivery): NonNullable<QuoteResponse['delivery']> => ({
      pinCode,
      estimate,
      serviceable,
      message,
      parcels,
    }),
    /** Placing an order: the cart's answer, or a 400 on the address naming the items no courier takes to its PIN. */
    async forOrder(
      tx: Executor,
      cart: { lines: PricedCart['lines']; priced: PricedOrder },
      pinCode: string,
      codLimitPaise: number,
      now: Date,
    ) {
      const answer = await forCart(cart.lines, cart.priced, pinCode, codLimitPaise, now, tx);
      if (!answer.serviceable) throw new AppError('VALIDATION', answer.message!, { fields: { addressId: answer.message! } });
      return answer;
    },
  };
}

export type CartDeliveryCheck = ReturnType<typeof createCartDelivery>;
