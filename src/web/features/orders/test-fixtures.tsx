import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { OrderDetail, OrderItem, OrderSummary } from '~/shared/schemas/orders';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';

/** Test data and rendering shared by the order pages' tests (not a test file itself). */

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: 'ord_1',
    orderNumber: 'SC-2611-0001',
    orderDate: '2026-11-21T06:30:00.000Z',
    status: 'placed',
    paymentMethod: 'cod',
    paymentStatus: 'created',
    totalPaise: 54_990_00,
    itemCount: 1,
    items: [{ productId: 'prd_1', name: 'Lenovo IdeaPad Slim 3', quantity: 1, image: null }],
    expectedBy: '2026-11-26',
    ...overrides,
  };
}

export function item(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 'itm_1',
    productId: 'prd_1',
    name: 'Lenovo IdeaPad Slim 3',
    brand: 'Lenovo',
    category: 'Laptop',
    hsnCode: '8471',
    image: null,
    quantity: 1,
    cancelledQuantity: 0,
    unitPricePaise: 54_990_00,
    mrpPaise: 74_990_00,
    lineTotalPaise: 54_990_00,
    discountPaise: 0,
    sellerName: 'Sahyadri Computers',
    sellerState: 'Maharashtra',
    sellerGstin: '27AAUFS4821K1ZK',
    taxablePaise: 46_601_69,
    gstRateBp: 1800,
    cgstPaise: 4_194_15,
    sgstPaise: 4_194_16,
    igstPaise: 0,
    ...overrides,
  };
}

export function detail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 'ord_1',
    orderNumber: 'SC-2611-0001',
    orderDate: '2026-11-21T06:30:00.000Z',
    status: 'placed',
    paymentMethod: 'cod',
    emiTenureMonths: null,
    business: null,
    deliveryOption: 'standard',
    address: {
      fullName: 'Priya Kulkarni',
      mobile: '+919822012345',
      line1: 'Flat 12, Baner Road',
      line2: null,
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411045',
    },
    customer: { name: 'Priya Kulkarni', email: 'priya@example.in' },
    items: [item()],
    totals: {
      subtotalPaise: 54_990_00,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 54_990_00,
      gstPaise: 8_388_31,
      cgstPaise: 4_194_15,
      sgstPaise: 4_194_16,
      igstPaise: 0,
    },
    intraState: true,
    couponCode: null,
    expectedFrom: '2026-11-24',
    expectedBy: '2026-11-26',
    paymentDueAt: null,
    payment: {
      provider: 'cod',
      method: 'cod',
      status: 'created',
      amountPaise: 54_990_00,
      amountRefundedPaise: 0,
      paidWith: null,
      providerPaymentId: null,
      errorDescription: null,
      capturedAt: null,
      attempts: 0,
    },
    refunds: [],
    shipments: [],
    packings: [],
    timeline: [{ kind: 'placed', message: 'Order placed', actorRole: 'customer', createdAt: '2026-11-21T06:30:00.000Z' }],
    cancelReason: null,
    returnReason: null,
    returnPhotos: [],
    returnPhotosRemoved: false,
    deliveredAt: null,
    actions: { canPay: false, canCancel: true, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    invoice: { number: 'INV-SC-2611-0001', date: '2026-11-21T06:30:00.000Z' },
    creditNotes: [],
    refundAccount: null,
    refundAccountRemoved: false,
    ...overrides,
  };
}

/** A paid UPI order. */
export function paidDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const base = detail();
  return detail({
    paymentMethod: 'upi',
    payment: {
      ...base.payment,
      provider: 'test-gateway',
      method: 'upi',
      status: 'captured',
      providerPaymentId: 'pay_TEST123',
      paidWith: 'upi',
      capturedAt: '2026-11-21T06:31:00.000Z',
      attempts: 1,
    },
    ...overrides,
  });
}

/** A delivered order the customer may still ask to return (until 2 Dec 2026). */
export function deliveredDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return detail({
    status: 'delivered',
    deliveredAt: '2026-11-25T10:00:00.000Z',
    actions: {
      canPay: false,
      canCancel: false,
      canRequestReturn: true,
      returnDeadline: '2026-12-02T10:00:00.000Z',
      canGiveRefundAccount: false,
    },
    ...overrides,
  });
}

/** Renders `element` at `url` inside a router (matching `path`) and a fresh query client. */
export function renderAt(element: ReactNode, { path = '/', url = '/' }: { path?: string; url?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, { user: null });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}
