import type { Database } from '../../db/client';
import type { AddressesService } from '../addresses/addresses.service';
import type { BusinessesService } from '../addresses/businesses.service';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { OrderRecord } from '../orders/order-record';
import type { QuotesService } from '../quotes/quotes.service';
import type { SettingsService } from '../settings/settings.service';
import type { CartDeliveryCheck } from './cart-delivery';
import { pricingLines, readCart } from './cart-pricing';
import { createOrderPlacement } from './order-placement';
import { quoteOrder } from './order-quote';

export { MAX_AWAITING_PAYMENT } from './cart-pricing';

export interface CheckoutDeps {
  db: Database;
  /** Reads only: the cart's products as the checkout prices them. */
  inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'>;
  /** Reads only: whether the customer may use a coupon now. */
  coupons: Pick<CouponsService, 'check'>;
  addresses: Pick<AddressesService, 'findOwn'>;
  /** Reads only: the businesses the customer buys for (decision 71). */
  businesses: Pick<BusinessesService, 'findOwn'>;
  /** Delivery charges, the cash-on-delivery limit, the return window and the payment timeout in force. */
  settings: Pick<SettingsService, 'current'>;
  /** Reads only: an idempotency key's earlier order, the unpaid orders, an order as its customer reads it. */
  orders: Pick<OrderRecord, 'byKey' | 'countAwaitingPayment' | 'detail'>;
  /** Reads only: a quote the customer pays (decision 77). */
  quotes: Pick<QuotesService, 'forCheckout'>;
  /** Delivery to the PIN as the courier answers it (decision 80). */
  delivery?: CartDeliveryCheck;
}

/**
 * The checkout: the cart priced from the database as the order would be placed now (the quote), and
 * the steps of placing it, which the flow `place-order` runs. It owns no table: the order is the
 * orders module's, the payment record the payments', the coupon's use the coupons', the stock the
 * catalogue's.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  return {
    /** The order as it would be placed now, priced from the database; nothing is reserved. */
    quote: (userId: string, input: Parameters<typeof quoteOrder>[2], now?: Date) => quoteOrder(deps, userId, input, now),

    /** The checkout's steps of placing an order, for the flow that places it (flows/place-order.ts). */
    placement: createOrderPlacement(deps),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * What the checkout publishes to the coupons, which it uses itself: the lines of a cart that can be
 * bought now, priced from the database as the quote prices them (lines no longer for sale or out of
 * stock left out), which the checkout's offers are judged on. Reads only, built before both (no cycle
 * in services.ts; decision 62).
 */
export function createCartLines(deps: { db: Database; inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'> }) {
  return async (items: Parameters<typeof readCart>[2]) => pricingLines((await readCart(deps.inventory, deps.db, items)).lines);
}
