import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { createApplyPayment } from '../flows/apply-payment';
import { createCancelOrder } from '../flows/cancel-order';
import { createCancelOrderLines } from '../flows/cancel-order-lines';
import { createDeliverOrder } from '../flows/deliver-order';
import { createEInvoiceDocuments } from '../flows/einvoice-documents';
import { createOrderMoney } from '../flows/order-money';
import { createPackOrder } from '../flows/pack-order';
import { createPlaceOrder } from '../flows/place-order';
import { createReceiveReturn } from '../flows/receive-return';
import { createRefundOrderLines } from '../flows/refund-order-lines';
import { createRefundReturn } from '../flows/refund-return';
import { createRequestReturn } from '../flows/request-return';
import { createReceiveCodRemittance } from '../flows/receive-cod-remittance';
import { createShipByCourier } from '../flows/ship-by-courier';
import { createShipOrder } from '../flows/ship-order';
import { createTrackParcel } from '../flows/track-parcel';
import type { AddressesService } from '../modules/addresses/addresses.service';
import type { BusinessesService } from '../modules/addresses/businesses.service';
import type { AuditService } from '../modules/audit/audit.service';
import type { InventoryService } from '../modules/catalogue/inventory.service';
import { createCartDelivery } from '../modules/checkout/cart-delivery';
import { createCheckoutService } from '../modules/checkout/checkout.service';
import type { CouponsService } from '../modules/coupons/coupons.service';
import { createEInvoiceReads } from '../modules/einvoices/einvoice-reads';
import type { EInvoicesService } from '../modules/einvoices/einvoices.service';
import { createEwayBillProvider } from '../modules/ewaybills/create-eway-bill-provider';
import { createEwayBillReads, createEwayBillsService, type DispatchFrom } from '../modules/ewaybills/ewaybills.service';
import { createFulfilmentService } from '../modules/fulfilment/fulfilment.service';
import type { OrderFlowCalls } from '../modules/orders/order-flow-calls';
import { createOrdersService, type OrdersServiceDeps } from '../modules/orders/orders.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { QuotesService } from '../modules/quotes/quotes.service';
import { createReturnReads } from '../modules/returns/return-reads';
import { createReturnsService, type ReturnsServiceDeps } from '../modules/returns/returns.service';
import type { SettingsService } from '../modules/settings/settings.service';
import { createShippingProvider } from '../modules/shipping/create-shipping-provider';
import { createServiceability } from '../modules/shipping/serviceability';
import { createRemittancesService } from '../modules/shipping/remittances.admin.service';
import { createShippingService } from '../modules/shipping/shipping.service';
import type { KeyValueStore } from '../lib/kv-store';
import type { VendorsService } from '../modules/vendors/vendors.service';

/**
 * The checkout and the flows over the orders (decision 62), each after what it uses: placing an order,
 * paying, cancelling (by the customer, an admin or the expiry), cancelled and refunded lines,
 * packing, shipping, delivery, and asking for, receiving and refunding a return; and what the orders'
 * routes call of them and of the returns (decision 67).
 */
export function createOrderFlows(deps: {
  config: Config;
  db: Database;
  /** The shop's key-value store (memory or Redis): the couriers' serviceability answers are cached there. */
  store: KeyValueStore;
  mailService: OrdersServiceDeps['mailService'];
  sealer: OrdersServiceDeps['sealer'];
  media: ReturnsServiceDeps['media'];
  isErased: ReturnsServiceDeps['isErased'];
  payments: PaymentsService;
  inventory: InventoryService;
  coupons: CouponsService;
  payouts: PayoutsService;
  addresses: AddressesService;
  businesses: BusinessesService;
  /** Quotes for quantity (decision 77): the checkout reads the one it pays, the flow `place-order` marks it used. */
  quotes: QuotesService;
  settings: SettingsService;
  audit: AuditService;
  /** Where a seller dispatches from (the vendors' read), for the e-way bills' Part A. */
  dispatchFrom: (vendorId: string) => Promise<DispatchFrom>;
  /** A business's invoices and credit notes registered with the IRP (decision 76), with each seller as their supplier. */
  einvoices: EInvoicesService;
  supplierOf: VendorsService['supplierOf'];
  /** The test courier's webhook secret when TEST_COURIER_WEBHOOK_SECRET is not set (derived from the auth secret). */
  testCourierSecret: string;
}) {
  const { config, db, payments, inventory, coupons, payouts, addresses, settings, audit } = deps;
  /** Each seller's parcel of an order and its packing: written by the flows below only. */
  const fulfilment = createFulfilmentService();
  /** Which of a seller's parcels still need an e-way bill, and a parcel's live one: read by the orders' seller pages. */
  const ewayBillReads = createEwayBillReads({ db });
  /** The orders, handed what the returns publish to their pages (credit notes, return photos), built before them. */
  const orders = createOrdersService({
    db,
    einvoices: createEInvoiceReads(),
    payments,
    returns: createReturnReads(),
    mailService: deps.mailService,
    publicUrl: config.PUBLIC_URL,
    settings,
    audit,
    sealer: deps.sealer,
    ewayBills: ewayBillReads,
  });
  /** E-way bills (decision 75): above the orders, through the provider the settings name. */
  const ewayBillsService = createEwayBillsService({
    db,
    provider: createEwayBillProvider(config),
    audit,
    vendorOrder: (vendorId, orderId) => orders.vendorOrder(vendorId, orderId),
    dispatchFrom: deps.dispatchFrom,
  });
  /** Returns (credit notes, return photos, refund accounts): above the orders, writing the order through its steps. */
  /** A business's documents' e-invoices, asked for by the flows that issue them (the invoice) and by the credit notes. */
  const einvoicing = createEInvoiceDocuments({ einvoices: deps.einvoices, supplierOf: deps.supplierOf });
  const returns = createReturnsService({
    db,
    orders: orders.steps,
    payments,
    media: deps.media,
    isErased: deps.isErased,
    creditNoteIssued: einvoicing.creditNoteIssued,
  });
  /** Couriers (decision 78): above the orders, through the provider SHIPPING_PROVIDER names (the test courier by default). */
  const shippingProvider = createShippingProvider(config, deps.testCourierSecret);
  /** Serviceability for checkout and the product page (decision 80): the courier's answer, cached, the table as fallback. */
  const serviceability = createServiceability({ db, provider: shippingProvider.provider, store: deps.store });
  const cartDelivery = createCartDelivery({ serviceability });
  /** The checkout: the quote, and the steps of placing an order that the flow below runs. */
  const checkoutService = createCheckoutService({
    delivery: cartDelivery,
    db,
    inventory,
    coupons,
    addresses,
    businesses: deps.businesses,
    settings,
    orders: orders.record,
    quotes: deps.quotes,
  });
  /** The flow `place-order`: the order, its payment record, the coupon's use and the stock, in one transaction. */
  const placeOrder = createPlaceOrder({
    db,
    checkout: checkoutService.placement,
    orders: orders.record,
    payments,
    coupons,
    inventory,
    settings,
    quotes: deps.quotes,
    einvoicing,
    delivery: cartDelivery,
  });
  /** The stock and money steps the order flows below share: stock back, money back with its timeline entry. */
  const orderMoney = createOrderMoney({ orders: orders.steps, payments, inventory });
  const orderFlowDeps = { db, orders: orders.steps, fulfilment, returns, money: orderMoney, audit };
  /** The flow `cancel-order-lines`: lines cancelled before they ship (stock, money, coupon, the order). */
  const cancelOrderLines = createCancelOrderLines({
    ...orderFlowDeps,
    vendorOrders: orders,
    payments,
    coupons,
  });
  /** The flow `cancel-order`: the customer's, the admin's and the expiry's cancellation (stock, coupon, money, the order). */
  const cancelOrder = createCancelOrder({
    ...orderFlowDeps,
    admin: orders.admin,
    cancelLines: cancelOrderLines.cancelLines,
    payments,
    coupons,
  });
  /** The flow `refund-order-lines`: the admin refunds shipped units (the vendor ledger, money, the order). */
  const refundOrderLines = createRefundOrderLines({ ...orderFlowDeps, admin: orders.admin, payouts });
  /** The flow `apply-payment`: paying online, the provider's return and webhooks (payments, the order). */
  const applyPayment = createApplyPayment({ ...orderFlowDeps, payments, publicUrl: config.PUBLIC_URL, einvoicing });
  /** The flow `pack-order`: a seller packed its items (the packing, the order's timeline). */
  const packOrder = createPackOrder({ ...orderFlowDeps, vendorOrders: orders });
  /** The flow `ship-order`: a seller's items handed to a courier (the shipment, the order's status, timeline and e-mail). */
  const shipOrder = createShipOrder({ ...orderFlowDeps, vendorOrders: orders, ewayBills: ewayBillsService });
  const shippingService = createShippingService({
    db,
    provider: shippingProvider.provider,
    audit,
    vendorOrder: (vendorId, orderId) => orders.vendorOrder(vendorId, orderId),
    ewayBillOf: (vendorId, orderId) => ewayBillReads.activeOf(vendorId, orderId),
  });
  /** The flow `ship-by-courier`: a courier bought for a seller's parcel, and the parcel shipped with its AWB. */
  const shipByCourier = createShipByCourier({ db, shipping: shippingService, shipOrder, ewayBills: ewayBillsService, payouts });
  /** Cash on delivery reconciled (decision 81): the couriers' remittances, and the flow that releases the sellers' lines. */
  const remittancesService = createRemittancesService({ db, providerName: shippingProvider.provider.name, audit });
  const receiveCodRemittance = createReceiveCodRemittance({ db, remittances: remittancesService, payouts });
  /** The flow `deliver-order`: delivery (the order, the vendor ledger, cash on delivery collected). */
  const deliverOrder = createDeliverOrder({
    ...orderFlowDeps,
    vendorOrders: orders,
    payments,
    payouts,
  });
  /** The flow `track-parcel` (decision 79): a courier's signed tracking push moves the parcel, and delivers it. */
  const trackParcel = createTrackParcel({ db, shipping: shippingService, orders: orders.steps, deliverOrder });
  /** The flow `request-return`: the customer asks for a return (the order, the photos the request names). */
  const requestReturn = createRequestReturn({ db, orders: orders.steps, returns });
  /** The flow `receive-return`: returned items back and checked (the order, the stock). */
  const receiveReturn = createReceiveReturn({ ...orderFlowDeps, vendorOrders: orders });
  /** The flow `refund-return`: a received return refunded (the vendor ledger, money, the order). */
  const refundReturn = createRefundReturn({
    ...orderFlowDeps,
    vendorOrders: orders,
    payments,
    payouts,
  });
  /** What the orders' routes call of the flows above and of the returns. */
  const orderFlows: OrderFlowCalls = {
    customer: {
      cancel: cancelOrder.byCustomer,
      startPayment: applyPayment.startPayment,
      requestReturn: requestReturn.byCustomer,
      giveRefundAccount: returns.giveRefundAccount,
    },
    provider: { paymentReturn: applyPayment.paymentReturn, webhook: applyPayment.webhook },
    admin: {
      recordRefundAccount: returns.recordRefundAccount,
      cancel: cancelOrder.byAdmin,
      refundLines: refundOrderLines.byAdmin,
      ship: shipOrder.byAdmin,
      deliver: deliverOrder.byAdmin,
      receiveReturn: receiveReturn.byAdmin,
      refundReturn: refundReturn.byAdmin,
      releaseSerialHold: receiveReturn.releaseSerialHold,
    },
    vendor: {
      pack: (vendorId, userId, orderId, input) => packOrder.byVendor(vendorId, userId, orderId, input),
      ship: shipOrder.byVendor,
      deliver: deliverOrder.byVendor,
      cancelLines: cancelOrderLines.byVendor,
      receiveReturn: receiveReturn.byVendor,
      refundReturn: refundReturn.byVendor,
    },
  };
  return {
    ordersService: orders,
    returnsService: returns,
    fulfilmentService: fulfilment,
    ewayBillsService,
    shippingService,
    serviceability,
    /** The built-in test courier when it is the shipping provider (its test levers). */
    testCourier: shippingProvider.testCourier,
    /** What the shipping module's vendor routes call of the flow `ship-by-courier`. */
    buyCourier: shipByCourier.byVendor,
    /** What the couriers' webhook routes call of the flow `track-parcel`. */
    trackParcel: trackParcel.webhook,
    remittancesService,
    /** What the admin's remittance upload calls of the flow `receive-cod-remittance`. */
    uploadRemittance: receiveCodRemittance.upload,
    checkoutService,
    placeOrder,
    orderFlows,
    cancelOrder,
  };
}
