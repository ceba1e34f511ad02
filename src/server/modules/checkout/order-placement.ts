import { configurationName } from '~/shared/catalogue';
import { deliveryWindow, deliveryZone, type DeliveryZone } from '~/shared/delivery';
import { EMI_MIN_AMOUNT_PAISE } from '~/shared/emi';
import { formatPaise } from '~/shared/money';
import { PAYMENT_METHOD_LABELS } from '~/shared/orders';
import { orderTotalsOf, PricingError, type CouponRule, type PricedOrder } from '~/shared/pricing';
import type { Address } from '~/shared/schemas/address';
import type { Business } from '~/shared/schemas/business';
import type { PlaceOrderInput, PlaceOrderResponse } from '~/shared/schemas/orders';
import type { ShopSettings } from '~/shared/schemas/settings';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AddressesService } from '../addresses/addresses.service';
import type { BusinessesService } from '../addresses/businesses.service';
import type { InventoryService } from '../catalogue/inventory.service';
import type { CouponsService } from '../coupons/coupons.service';
import type { NewOrder, NewOrderLine, OrderLineWithPicture, OrderRecord } from '../orders/order-record';
import type { QuotesService } from '../quotes/quotes.service';
import { cartTermsOf } from './quoted-line';
import {
  codVerdict,
  MAX_AWAITING_PAYMENT,
  priceLines,
  offerOf,
  problemOf,
  readCart,
  requestHash,
  snapshotOf,
  unitPriceOf,
  type LineProblem,
  type PricedCart,
} from './cart-pricing';

export interface PlacementDeps {
  /** Reads only: the cart's products as the checkout prices them. */
  inventory: Pick<InventoryService, 'productsForCheckout' | 'mergedProducts'>;
  /** Reads only: whether the customer may use a coupon now. */
  coupons: Pick<CouponsService, 'check'>;
  addresses: Pick<AddressesService, 'findOwn'>;
  /** Reads only: the businesses the customer buys for (decision 71). */
  businesses: Pick<BusinessesService, 'findOwn'>;
  /** Reads only: an idempotency key's earlier order, the unpaid orders, an order as its customer reads it. */
  orders: Pick<OrderRecord, 'byKey' | 'countAwaitingPayment' | 'detail'>;
  /** Reads only: a quote the customer pays (decision 77); the flow marks it used. */
  quotes: Pick<QuotesService, 'forCheckout'>;
}

/** "Your cart changed": one 409 naming every line that changed, each on its field. */
function cartChanged(input: PlaceOrderInput, problems: LineProblem[]): AppError {
  const fields = Object.fromEntries(
    problems.map((p) => [`items.${input.items.findIndex((i) => i.productId === p.productId && offerOf(i) === p.offerId)}`, p.message]),
  );
  return new AppError('CONFLICT', `Your cart changed: ${problems.map((p) => p.message).join(' ')} Please review your cart.`, { fields });
}

/** Who places the order, as the session knows them (name and e-mail of their account). */
export interface OrderCustomer {
  userId: string;
  name: string;
  email: string;
}

/** Placing an order as a route calls it: the flow `place-order` (src/server/flows), handed to the routes. */
export type PlaceOrderCall = (
  customer: OrderCustomer,
  key: string,
  input: PlaceOrderInput,
) => Promise<PlaceOrderResponse & { replayed: boolean }>;

/** Where the checkout is: what the order will be, drafted from the request, the address and the priced cart. */
export interface OrderContext {
  customer: OrderCustomer;
  key: string;
  hash: string;
  input: PlaceOrderInput;
  address: Address;
  zone: DeliveryZone;
  now: Date;
  settings: ShopSettings;
  /** The business the order is bought for (decision 71), or none for a consumer. */
  business?: Business | null;
  /** The delivery window from the courier's days (decision 80); the PIN's zone's otherwise. */
  window?: { expectedFrom: string; expectedBy: string } | null;
}

/** The cart as the order will be charged: its lines, the coupon's rule and the priced order. */
export interface ChargedCart {
  lines: PricedCart['lines'];
  rule: CouponRule | null;
  priced: PricedOrder;
  /** The quote it pays (decision 77): its id and the unit price charged, for the flow to mark it used. */
  quoted?: { quoteId: string; unitPricePaise: number };
}

/**
 * The checkout's steps of placing an order: reads, checks and the order drafted from them. The flow
 * `place-order` (src/server/flows) runs them in one transaction and writes what they draft through
 * the modules that own it (the orders, the payment record, the coupon, the stock).
 */
export function createOrderPlacement(deps: PlacementDeps) {
  const { inventory, coupons, addresses, businesses, orders, quotes } = deps;

  /** A key used before: the same request gets its order back, another request is refused. */
  async function replayOf(tx: Executor, userId: string, key: string, hash: string): Promise<PlaceOrderResponse | null> {
    const existing = await orders.byKey(tx, userId, key);
    if (!existing) return null;
    if (existing.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different order. Send a new key for a new order.');
    }
    return { order: await orders.detail(tx, existing), paymentRequired: existing.status === 'pending_payment' };
  }

  async function checkAwaitingLimit(tx: Executor, userId: string, input: PlaceOrderInput) {
    if (input.paymentMethod !== 'cod' && (await orders.countAwaitingPayment(tx, userId)) >= MAX_AWAITING_PAYMENT) {
      throw new AppError(
        'CONFLICT',
        `You have ${MAX_AWAITING_PAYMENT} orders waiting for payment. Pay for one or cancel it from My Orders before placing another.`,
      );
    }
  }

  /** The customer's own address and the delivery zone of its PIN code. */
  async function deliveryAddress(tx: Executor, userId: string, addressId: string): Promise<{ address: Address; zone: DeliveryZone }> {
    const address = await addresses.findOwn(userId, addressId, tx);
    if (!address)
      throw new AppError('NOT_FOUND', 'This address is not in your address book.', {
        fields: { addressId: 'Choose an address from your address book' },
      });
    const zone = deliveryZone(address.pinCode);
    if (!zone)
      throw new AppError('VALIDATION', `We do not deliver to PIN code ${address.pinCode} yet.`, {
        fields: { addressId: 'We do not deliver to this PIN code yet' },
      });
    return { address, zone };
  }

  /** The business the order is bought for (decision 71): one of the customer's own, or none. */
  async function buyingBusiness(tx: Executor, userId: string, businessId: string | undefined): Promise<Business | null> {
    if (businessId === undefined) return null;
    const business = await businesses.findOwn(userId, businessId, tx);
    if (!business)
      throw new AppError('NOT_FOUND', 'This business is not in your account.', {
        fields: { businessId: 'Choose one of your businesses' },
      });
    return business;
  }

  /**
   * The cart priced from the database with the coupon, as the order will be charged. The place of
   * supply is the business's GSTIN state when buying for one (decision 71), else the delivery state.
   */
  async function priceCart(
    tx: Executor,
    userId: string,
    input: PlaceOrderInput,
    address: Address,
    now: Date,
    settings: ShopSettings,
    business: Business | null = null,
  ): Promise<ChargedCart> {
    const terms = await cartTermsOf(quotes, tx, userId, input, now);
    const cart = await readCart(inventory, tx, input.items, terms);
    if (cart.problems.length > 0) throw cartChanged(input, cart.problems);
    let rule: CouponRule | null = null;
    if (input.couponCode) {
      const verdict = await coupons.check(tx, input.couponCode, userId, now);
      if ('error' in verdict) throw new AppError(verdict.code, verdict.error, { fields: { couponCode: verdict.error } });
      rule = verdict.rule;
    }
    try {
      const supplyState = business?.billingAddress.state ?? address.state;
      const priced = priceLines(cart.lines, supplyState, input.delivery, rule, settings.shipping);
      const quoted = terms.quoted && input.quoteId ? { quoteId: input.quoteId, unitPricePaise: terms.quoted.unitPricePaise } : undefined;
      return { lines: cart.lines, rule, priced, ...(quoted ? { quoted } : {}) };
    } catch (error) {
      if (error instanceof PricingError) throw new AppError('VALIDATION', error.message, { fields: { couponCode: error.message } });
      throw error;
    }
  }

  /** Cash on delivery within its limits and where couriers collect; EMI above its minimum. */
  function checkPaymentMethod(
    input: PlaceOrderInput,
    priced: PricedOrder,
    address: Address,
    settings: ShopSettings,
    /** Whether a courier collects the cash (decision 80); the PIN's zone otherwise. */
    courierCollects?: boolean,
  ) {
    if (input.paymentMethod === 'cod') {
      const cod = codVerdict(priced.totalPaise, address.pinCode, settings.codLimitPaise, courierCollects);
      if (!cod.allowed) throw new AppError('VALIDATION', cod.reason!, { fields: { paymentMethod: cod.reason! } });
    }
    if (input.paymentMethod === 'emi' && priced.totalPaise < EMI_MIN_AMOUNT_PAISE) {
      const message = `EMI is available on orders of ${formatPaise(EMI_MIN_AMOUNT_PAISE)} or more.`;
      throw new AppError('VALIDATION', message, { fields: { paymentMethod: message } });
    }
  }

  /**
   * The order as it will be written: its row (a snapshot of the address, the totals, the delivery
   * window, the time to pay), its lines (a price snapshot each), its payment record's figures and its
   * first timeline entry and e-mail.
   */
  function draftOrder(order: OrderContext, cart: ChargedCart) {
    const { customer, input, now } = order;
    const { userId } = customer;
    const { paymentTimeoutMinutes, returnWindowDays } = order.settings;
    const { lines, rule, priced } = cart;
    const online = input.paymentMethod !== 'cod';
    const orderId = newId('ord');
    const row: NewOrder = {
      id: orderId,
      userId,
      status: online ? 'pending_payment' : 'placed',
      orderDate: now,
      paymentMethod: input.paymentMethod,
      emiTenureMonths: input.emiTenureMonths ?? null,
      deliveryOption: input.delivery,
      address: snapshotOf(order.address),
      business: order.business
        ? { gstin: order.business.gstin, legalName: order.business.legalName, billingAddress: { ...order.business.billingAddress } }
        : null,
      ...orderTotalsOf(priced),
      couponCode: rule?.code ?? null,
      idempotencyKey: order.key,
      requestHash: order.hash,
      ...(order.window ?? deliveryWindow(order.zone, input.delivery, now)),
      paymentDueAt: online ? new Date(now.getTime() + paymentTimeoutMinutes * 60_000) : null,
      returnWindowDays,
      invoiceIssuer: order.settings.invoice,
    };
    const orderLines: NewOrderLine[] = lines.map((l, i) => {
      const p = priced.lines[i]!;
      return {
        id: newId('oit'),
        orderId,
        productId: l.product.id,
        variantId: l.product.variant_id,
        offerId: l.product.offer_id,
        vendorId: l.product.vendor_id,
        name: configurationName(l.product.name, l.product.variant_options, l.product.option_keys),
        brand: l.product.brand,
        category: l.product.category,
        hsnCode: l.product.hsn_code,
        imageId: l.product.image_id,
        quantity: l.quantity,
        unitPricePaise: unitPriceOf(l),
        mrpPaise: l.product.mrp_paise,
        lineTotalPaise: p.lineTotalPaise,
        discountPaise: p.discountPaise,
        taxablePaise: p.taxablePaise,
        gstRateBp: p.gstRateBp,
        cgstPaise: p.cgstPaise,
        sgstPaise: p.sgstPaise,
        igstPaise: p.igstPaise,
        sellerName: l.product.seller_name,
        sellerState: l.product.seller_state,
        sellerGstin: l.product.seller_gstin,
        position: i,
        warrantyMonths: l.product.warranty_months,
      };
    });
    const how = PAYMENT_METHOD_LABELS[input.paymentMethod] + (input.emiTenureMonths ? ` (${input.emiTenureMonths} months)` : '');
    return {
      row,
      lines: orderLines,
      payment: { orderId, method: input.paymentMethod, amountPaise: priced.totalPaise },
      event: {
        kind: online ? ('pending_payment' as const) : ('placed' as const),
        message: online
          ? `Order placed. Waiting for payment by ${how}; the items are held for you for ${paymentTimeoutMinutes} minutes.`
          : `Order placed. Pay ${formatPaise(priced.totalPaise)} in cash (or UPI) on delivery.`,
        actorUserId: userId,
      },
      placed: { paymentMethod: how, payOnDelivery: !online },
      // Cash on delivery is confirmed now: the sellers can pack. An online order waits for its payment.
      confirmed: !online,
    };
  }

  /** The lines as written, with the pictures they were sold with, for the e-mails and the answer. */
  function withPictures(written: readonly Omit<OrderLineWithPicture, 'image'>[], lines: PricedCart['lines']): OrderLineWithPicture[] {
    return written
      .map((item) => {
        const { product } = lines[item.position]!;
        const image = product.image_id
          ? { id: product.image_id, alt: product.image_alt ?? '', width: product.image_width ?? 0, height: product.image_height ?? 0 }
          : null;
        return { ...item, image };
      })
      .sort((a, b) => a.position - b.position);
  }

  /**
   * After the stock could not be taken for these lines (sold out, fewer left, or a new price since the
   * cart was priced): the 409 that names each, as the checkout shows it.
   */
  async function stockConflict(tx: Executor, input: PlaceOrderInput, lines: PricedCart['lines']): Promise<AppError> {
    const problems: LineProblem[] = [];
    for (const line of lines) {
      const { id, offer_id: offerId, name } = line.product;
      const [fresh] = await inventory.productsForCheckout([offerId], tx);
      problems.push(
        problemOf({ productId: id, offerId }, fresh, line.quantity) ?? {
          productId: id,
          offerId,
          name,
          message: `The price of ${name} has changed to ${formatPaise(fresh!.price_paise)}.`,
          available: fresh!.stock,
        },
      );
    }
    return cartChanged(input, problems);
  }

  /** The quote was used by another order (or answered anew) between the pricing and its use. */
  const quoteUsed = () => {
    const message = 'This quote was already used for an order. Ask the seller for a new one.';
    return new AppError('CONFLICT', message, { fields: { quoteId: message } });
  };

  /** The coupon was used up between the pricing and its redemption. */
  const couponUsedUp = (code: string) => {
    const message = `Coupon ${code} has been fully used. Try another offer.`;
    return new AppError('CONFLICT', message, { fields: { couponCode: message } });
  };

  return {
    requestHash,
    replayOf,
    checkAwaitingLimit,
    deliveryAddress,
    buyingBusiness,
    priceCart,
    checkPaymentMethod,
    draftOrder,
    withPictures,
    stockConflict,
    couponUsedUp,
    quoteUsed,
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
