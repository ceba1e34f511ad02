import type { PlaceOrderInput, PlaceOrderResponse } from '~/shared/schemas/orders';
import type { Database } from '../db/client';
import type { EInvoiceDocuments } from './einvoice-documents';
import type { InventoryService } from '../modules/catalogue/inventory.service';
import type { CartDeliveryCheck } from '../modules/checkout/cart-delivery';
import type { OrderCustomer, OrderPlacement } from '../modules/checkout/order-placement';
import type { CouponsService } from '../modules/coupons/coupons.service';
import type { OrderRecord } from '../modules/orders/order-record';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { QuotesService } from '../modules/quotes/quotes.service';
import type { SettingsService } from '../modules/settings/settings.service';

/**
 * The flow `place-order` (decision 62): the checkout reads, checks, prices and drafts the order; one
 * transaction writes it over the orders (the order, its lines, its timeline and e-mails), payments
 * (the order's payment record), coupons (a use of the code) and the catalogue (the stock). Everything
 * is read, checked and priced first; the contended rows (the coupon, then the stock) are written
 * last, so their row locks are held only from those updates to the commit. Any failure rolls all of
 * it back.
 */
export function createPlaceOrder(deps: {
  db: Database;
  checkout: OrderPlacement;
  orders: Pick<OrderRecord, 'lockCustomer' | 'insert' | 'announce' | 'detail'>;
  payments: Pick<PaymentsService, 'open'>;
  coupons: Pick<CouponsService, 'redeem'>;
  inventory: Pick<InventoryService, 'take'>;
  settings: Pick<SettingsService, 'current'>;
  /** A quote the order pays (decision 77), marked used in the order's transaction. */
  quotes: Pick<QuotesService, 'markOrdered'>;
  /** A business's invoice issued now (cash on delivery): its sellers' e-invoices asked for (decision 76). */
  einvoicing?: Pick<EInvoiceDocuments, 'invoiceIssued'>;
  /** Delivery to the address's PIN as the courier answers it (decision 80): an unserved PIN is refused, COD only where collected. */
  delivery?: Pick<CartDeliveryCheck, 'forOrder'>;
}) {
  const { db, checkout, orders } = deps;

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
    const hash = checkout.requestHash(input);
    const settings = await deps.settings.current();
    return db.transaction(async (tx) => {
      await orders.lockCustomer(tx, userId);
      const replay = await checkout.replayOf(tx, userId, key, hash);
      if (replay) return { ...replay, replayed: true };
      await checkout.checkAwaitingLimit(tx, userId, input);
      const { address, zone } = await checkout.deliveryAddress(tx, userId, input.addressId);
      const business = await checkout.buyingBusiness(tx, userId, input.businessId);
      const cart = await checkout.priceCart(tx, userId, input, address, now, settings, business);
      const delivery = await deps.delivery?.forOrder(tx, cart, address.pinCode, settings.codLimitPaise, now);
      checkout.checkPaymentMethod(input, cart.priced, address, settings, delivery?.codAllowed);

      // The order, its lines (a price snapshot each), its payment record, its first timeline entry and its e-mail.
      const window = delivery?.windows?.[input.delivery];
      const draft = checkout.draftOrder({ customer, key, hash, input, address, zone, now, settings, business, window }, cart);
      const { row: order, lines } = await orders.insert(tx, draft.row, draft.lines);
      const payment = await deps.payments.open(tx, draft.payment);
      const items = checkout.withPictures(lines, cart.lines);
      const to = { name: customer.name, email: customer.email };
      const { event: entry, placed, confirmed } = draft;
      const event = await orders.announce(tx, order, { event: entry, placed, confirmed, items, customer: to });
      // A new order has no refunds, shipments or credit notes yet, and one timeline entry.
      const answer = await orders.detail(tx, order, now, {
        items,
        payment,
        refunds: [],
        notes: [],
        parts: { customer: to, shipments: [], events: [event], packings: [], units: [] },
      });

      // The coupon: counted only while uses are left; its row lock queues concurrent redemptions (the
      // per-customer limit was counted under this customer's lock).
      if (cart.rule && !(await deps.coupons.redeem(tx, { code: cart.rule.code, orderId: order.id, userId }))) {
        throw checkout.couponUsedUp(cart.rule.code);
      }
      // The quote, once: marked ordered only while it is still answered, unexpired and at the price charged. The
      // customer's lock above already queues two placements of one customer; this holds under any other writer too.
      if (cart.quoted && !(await deps.quotes.markOrdered(tx, { ...cart.quoted, userId, orderId: order.id, now }))) {
        throw checkout.quoteUsed();
      }
      // The stock of each offer, in product then offer order so two checkouts never wait on each other in
      // a circle, only if enough is left and the price is still the one charged.
      const short = [];
      const inLockOrder = [...cart.lines].sort((x, y) =>
        x.product.id < y.product.id ? -1 : x.product.id > y.product.id ? 1 : x.product.offer_id < y.product.offer_id ? -1 : 1,
      );
      for (const line of inLockOrder) {
        const { id: productId, offer_id: offerId, price_paise: pricePaise } = line.product;
        if (!(await deps.inventory.take(tx, { productId, offerId, quantity: line.quantity, pricePaise }))) short.push(line);
      }
      if (short.length > 0) throw await checkout.stockConflict(tx, input, short);
      if (confirmed) await deps.einvoicing?.invoiceIssued(tx, order, lines, order.orderDate);
      return { order: answer, paymentRequired: order.status === 'pending_payment', replayed: false };
    });
  };
}

export type PlaceOrder = ReturnType<typeof createPlaceOrder>;
