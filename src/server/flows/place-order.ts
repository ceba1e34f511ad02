import type { PlaceOrderInput, PlaceOrderResponse } from '~/shared/schemas/orders';
import type { Database } from '../db/client';
import type { InventoryService } from '../modules/catalogue/inventory.service';
import type { CouponsService } from '../modules/coupons/coupons.service';
import type { OrderCustomer, OrderPlacement } from '../modules/orders/order-placement';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { SettingsService } from '../modules/settings/settings.service';

/**
 * The flow `place-order` (decision 62): one transaction over the orders (the order, its lines, its
 * timeline and e-mails), payments (the order's payment record), coupons (a use of the code) and the
 * catalogue (the stock). Everything is read, checked and priced first; the contended rows (the
 * coupon, then the stock) are written last, so their row locks are held only from those updates to
 * the commit. Any failure rolls all of it back.
 */
export function createPlaceOrder(deps: {
  db: Database;
  orders: OrderPlacement;
  payments: Pick<PaymentsService, 'open'>;
  coupons: Pick<CouponsService, 'redeem'>;
  inventory: Pick<InventoryService, 'take'>;
  settings: Pick<SettingsService, 'current'>;
}) {
  const { db, orders } = deps;

  /**
   * Places an order: the customer's lock, a replay of the same key, the limit of unpaid orders, the
   * address, the cart priced from the database with the coupon, the payment method's rules, the order
   * written with its payment record, then the coupon and the stock taken. The same key with the same
   * request returns the order placed first.
   */
  return async function placeOrder(
    customer: OrderCustomer,
    key: string,
    input: PlaceOrderInput,
    now = new Date(),
  ): Promise<PlaceOrderResponse & { replayed: boolean }> {
    const { userId } = customer;
    const hash = orders.requestHash(input);
    const settings = await deps.settings.current();
    return db.transaction(async (tx) => {
      await orders.lockCustomer(tx, userId);
      const replay = await orders.replayOf(tx, userId, key, hash);
      if (replay) return { ...replay, replayed: true };
      await orders.checkAwaitingLimit(tx, userId, input);
      const { address, zone } = await orders.deliveryAddress(tx, userId, input.addressId);
      const cart = await orders.priceCart(tx, userId, input, address, now, settings);
      orders.checkPaymentMethod(input, cart.priced, address, settings);
      const { row: order, known } = await orders.writeOrder(
        tx,
        { customer, key, hash, input, address, zone, now, settings },
        cart,
        deps.payments.open,
      );
      const answer = await orders.answerOf(tx, order, now, known);

      // The coupon: counted only while uses are left; its row lock queues concurrent redemptions (the
      // per-customer limit was counted under this customer's lock).
      if (cart.rule && !(await deps.coupons.redeem(tx, { code: cart.rule.code, orderId: order.id, userId }))) {
        throw orders.couponUsedUp(cart.rule.code);
      }
      // The stock, in product-id order so two checkouts never wait on each other in a circle, only if
      // enough is left and the price is still the one charged.
      const short = [];
      for (const line of [...cart.lines].sort((x, y) => (x.product.id < y.product.id ? -1 : 1))) {
        const { id, price_paise: pricePaise } = line.product;
        if (!(await deps.inventory.take(tx, { productId: id, quantity: line.quantity, pricePaise }))) short.push(line);
      }
      if (short.length > 0) throw await orders.stockConflict(tx, input, short);
      return { order: answer, paymentRequired: order.status === 'pending_payment', replayed: false };
    });
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
