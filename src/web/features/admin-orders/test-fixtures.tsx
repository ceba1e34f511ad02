import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { AdminOrderResponse, AdminOrderSummary } from '~/shared/schemas/admin-orders';
import type { OrderDetail, OrderItem } from '~/shared/schemas/orders';

/** Test data and rendering shared by the admin's order tests (not a test file itself). */

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function withProviders(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </MemoryRouter>,
  );
}

export function summary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    id: 'ord_1',
    orderNumber: 'SC-100042',
    orderDate: '2026-11-21T06:30:00.000Z',
    status: 'placed',
    paymentMethod: 'cod',
    paymentStatus: 'created',
    customer: { id: 'usr_1', name: 'Priya Kulkarni', email: 'priya@example.in' },
    shipTo: { city: 'Pune', state: 'Maharashtra', pinCode: '411045' },
    totalPaise: 54_990_00,
    itemCount: 3,
    sellers: ['Deccan Laptops', 'Sahyadri Computers'],
    trackingNumbers: [],
    late: false,
    ...overrides,
  };
}

function line(overrides: Partial<OrderItem>): OrderItem {
  return {
    id: 'itm_1',
    productId: 'prd_1',
    name: 'Lenovo IdeaPad Slim 3',
    brand: 'Lenovo',
    category: 'Laptop',
    hsnCode: '8471',
    image: null,
    quantity: 2,
    cancelledQuantity: 0,
    unitPricePaise: 20_000_00,
    mrpPaise: 25_000_00,
    lineTotalPaise: 40_000_00,
    discountPaise: 0,
    sellerName: 'Sahyadri Computers',
    sellerState: 'Maharashtra',
    sellerGstin: null,
    taxablePaise: 33_898_31,
    gstRateBp: 1800,
    cgstPaise: 3_050_85,
    sgstPaise: 3_050_84,
    igstPaise: 0,
    ...overrides,
  };
}

export function shippedOrder(provider: 'test-gateway' | 'cod'): AdminOrderResponse {
  const items = [
    line({}),
    line({
      id: 'itm_2',
      productId: 'prd_2',
      name: 'Logitech MX Keys',
      quantity: 1,
      unitPricePaise: 9_000_00,
      lineTotalPaise: 9_000_00,
      sellerName: 'Deccan Laptops',
    }),
  ];
  const order: OrderDetail = {
    id: 'ord_1',
    orderNumber: 'SC-100042',
    orderDate: '2026-11-21T06:30:00.000Z',
    status: 'shipped',
    paymentMethod: provider === 'cod' ? 'cod' : 'upi',
    emiTenureMonths: null,
    business: null,
    deliveryOption: 'standard',
    address: {
      fullName: 'Priya Kulkarni',
      mobile: '+919822012345',
      line1: 'Flat 12',
      line2: null,
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411045',
    },
    customer: { name: 'Priya Kulkarni', email: 'priya@example.in' },
    items,
    totals: {
      subtotalPaise: 49_000_00,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 49_000_00,
      gstPaise: 7_474_58,
      cgstPaise: 3_737_29,
      sgstPaise: 3_737_29,
      igstPaise: 0,
    },
    intraState: true,
    couponCode: null,
    expectedFrom: null,
    expectedBy: null,
    paymentDueAt: null,
    payment: {
      provider,
      method: provider === 'cod' ? 'cod' : 'upi',
      status: 'captured',
      amountPaise: 49_000_00,
      amountRefundedPaise: 0,
      paidWith: 'upi',
      providerPaymentId: provider === 'cod' ? null : 'pay_TEST1',
      errorDescription: null,
      capturedAt: '2026-11-21T06:31:00.000Z',
      attempts: 1,
    },
    refunds: [],
    shipments: [
      {
        id: 'shp_1',
        sellerName: 'Sahyadri Computers',
        carrier: 'Blue Dart',
        trackingNumber: 'BD123456',
        trackingUrl: 'https://track.example/BD123456',
        status: 'shipped',
        shippedAt: '2026-11-22T06:30:00.000Z',
        deliveredAt: null,
        returnCondition: null,
        itemIds: ['itm_1'],
      },
    ],
    packings: [],
    timeline: [{ kind: 'placed', message: 'Order placed', actorRole: 'customer', createdAt: '2026-11-21T06:30:00.000Z' }],
    cancelReason: null,
    returnReason: null,
    returnPhotos: [],
    returnPhotosRemoved: false,
    deliveredAt: null,
    actions: { canPay: false, canCancel: false, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    invoice: { number: 'INV-SC-100042', date: '2026-11-21T06:31:00.000Z' },
    creditNotes: [],
    refundAccount: null,
    refundAccountRemoved: false,
  };
  return {
    order,
    controls: {
      customerId: 'usr_1',
      late: false,
      sellers: [
        { vendorId: 'ven_a', name: 'Sahyadri Computers', shipment: 'shipped', hasOpenItems: true },
        { vendorId: 'ven_b', name: 'Deccan Laptops', shipment: 'shipped', hasOpenItems: true },
      ],
      lines: [
        { itemId: 'itm_1', vendorId: 'ven_a', cancellable: 0, refundable: 2 },
        { itemId: 'itm_2', vendorId: 'ven_b', cancellable: 0, refundable: 1 },
      ],
      can: { ship: false, deliver: true, receiveReturn: false, refundReturn: false, cancel: false, cancelLines: false, refundLines: true },
      refundableDeliveryPaise: 0,
      refundsCoverOrder: true,
      refundByBankTransfer: provider === 'cod',
      refundAccount: null,
      canRecordRefundAccount: false,
    },
  };
}
