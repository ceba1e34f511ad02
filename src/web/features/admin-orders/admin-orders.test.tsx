import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, OrderItem } from '~/shared/schemas/orders';
import type { AdminOrderResponse, AdminOrderSummary } from '~/shared/schemas/admin-orders';
import { AdminOrderView } from './components/admin-order-view';
import { AdminOrdersList } from './components/admin-orders-list';
import AdminOrdersPage from '~/web/app/routes/admin/orders';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { screenOf } from '~/web/test/screen-width';

afterEach(() => vi.unstubAllGlobals());

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function withProviders(element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </MemoryRouter>,
  );
}

function summary(overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
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

function shippedOrder(provider: 'test-gateway' | 'cod'): AdminOrderResponse {
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

describe('the orders list', () => {
  it('shows each order with its customer, sellers and a late badge, linking to its page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [summary({ late: true, trackingNumbers: ['BD123'] })], total: 1, page: 1, pageSize: 20 })),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    const row = await screen.findByTestId('admin-order-row');
    expect(within(row).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    expect(within(row).getByText('Late to ship')).toBeInTheDocument();
    expect(within(row).getByText('Priya Kulkarni')).toBeInTheDocument();
    expect(within(row).getByText(/AWB BD123/)).toBeInTheDocument();
  });

  it('shows each order as a card on a phone, its figures labelled', async () => {
    screenOf(390);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: [summary()], total: 1, page: 1, pageSize: 20 })),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    const card = await screen.findByTestId('admin-order-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'SC-100042' })).toHaveAttribute('href', '/admin/orders/ord_1');
    const terms = within(card)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Placed', 'Customer', 'Sellers', 'Ship to', 'Payment', 'Status', 'Total']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('-orderDate');
  });

  it('says "1,000+" when the server stopped counting, and pages on', async () => {
    const page = Array.from({ length: 20 }, (_, i) => summary({ id: `ord_${i}`, orderNumber: `SC-1${String(i).padStart(5, '0')}` }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { items: page, total: 1_000, totalCapped: true, page: 1, pageSize: 20 })),
    );
    const onPageChange = vi.fn();
    withProviders(
      <AdminOrdersList filter={{}} filtered={false} onPageChange={onPageChange} onSortChange={vi.fn()} onClearFilters={vi.fn()} />,
    );
    const pages = await screen.findByRole('navigation', { name: 'Order pages' });
    expect(pages).toHaveTextContent('1–20 of 1,000+');
    expect(screen.getByRole('table')).toHaveAccessibleName(/\(1,000\+ orders\)/);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('offers to clear the filters when nothing matches, and Retry after an error', async () => {
    const fetch = vi.fn(async () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    const clear = vi.fn();
    const { unmount } = withProviders(
      <AdminOrdersList filter={{ q: 'nobody' }} filtered onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={clear} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(clear).toHaveBeenCalled();
    unmount();

    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls === 1
          ? json(500, { error: { code: 'INTERNAL', message: 'Database is down' } })
          : json(200, { items: [summary()], total: 1, page: 1, pageSize: 20 }),
      ),
    );
    withProviders(<AdminOrdersList filter={{}} filtered={false} onPageChange={vi.fn()} onSortChange={vi.fn()} onClearFilters={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('admin-order-row')).toBeInTheDocument();
  });
});

describe('the orders page', () => {
  it('says at the From field that it must be on or before To, without asking the server for a list it would refuse', async () => {
    const fetch = vi.fn(async (url: string) =>
      json(200, url.startsWith('/api/admin/orders') ? { items: [summary()], total: 1, page: 1, pageSize: 20 } : { sellers: [] }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter([{ path: '/admin/orders', element: <AdminOrdersPage /> }], {
      initialEntries: ['/admin/orders?from=2026-11-20&to=2026-11-10'],
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('From')).toHaveAccessibleDescription(/"From" must be on or before "To"/);
    expect(screen.queryByText('Orders could not be loaded')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/admin/orders'))).toEqual([]);
  });
});

describe('an order page', () => {
  it('shows the customer, shipments and documents, and refunds one unit of a line', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, shippedOrder('test-gateway')));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={shippedOrder('test-gateway')} />);
    expect(screen.getByRole('link', { name: 'Priya Kulkarni' })).toHaveAttribute('href', '/admin/users/usr_1');
    expect(screen.getByText(/Blue Dart · AWB BD123456/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Tax invoice INV-SC-100042/ })).toHaveAttribute('href', '/api/orders/ord_1/invoice.pdf');
    // The timeline names who acted in the back office's words, not the role's code.
    expect(screen.getByText(/^Customer ·/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).queryByLabelText(/Bank transfer reference/)).not.toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Lenovo IdeaPad Slim 3/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'One unit arrived damaged');
    expect(within(dialog).getByText(/gets back ₹20,000/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(url).toBe('/api/admin/orders/ord_1/refund-lines');
    expect(JSON.parse(String(init!.body))).toEqual({ lines: [{ itemId: 'itm_1', quantity: 1 }], reason: 'One unit arrived damaged' });
  });

  it('ticks the delivery charge once every unit left is chosen and says the whole order is refunded; unticked, that it is kept', async () => {
    const data = shippedOrder('test-gateway');
    data.controls.refundableDeliveryPaise = 150_00;
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, data));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    const delivery = within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' });
    expect(delivery).not.toBeChecked();

    await userEvent.selectOptions(within(dialog).getByLabelText(/Lenovo IdeaPad Slim 3/), '2');
    expect(delivery).not.toBeChecked();
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    expect(delivery).toBeChecked();
    expect(dialog).toHaveTextContent('The customer gets back ₹49,150.00.');
    expect(dialog).toHaveTextContent('This refunds the whole order: nothing of it is left to refund, and it becomes Refunded.');

    await userEvent.click(delivery);
    expect(delivery).not.toBeChecked();
    expect(dialog).toHaveTextContent('The customer gets back ₹49,000.00.');
    expect(dialog).toHaveTextContent('Every item is refunded, but the delivery charge of ₹150.00 is kept');
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.click(delivery);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Parcel lost by the courier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      lines: [
        { itemId: 'itm_1', quantity: 2 },
        { itemId: 'itm_2', quantity: 1 },
      ],
      includeDelivery: true,
      reason: 'Parcel lost by the courier',
    });
  });

  it('refunds the delivery charge alone, and asks for items or the charge when neither is chosen', async () => {
    const data = shippedOrder('cod');
    data.controls.refundableDeliveryPaise = 150_00;
    data.controls.refundsCoverOrder = false;
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, data));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).getByRole('group', { name: 'What to refund' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Delivered three days late');
    await userEvent.type(within(dialog).getByLabelText('Bank transfer reference (UTR)'), 'UTR555500010001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Choose the items or the delivery charge to refund')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' }));
    expect(within(dialog).queryByText('Choose the items or the delivery charge to refund')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('The customer gets back ₹150.00.');
    // Units of the order are left to the customer: this is not the whole order.
    expect(dialog).not.toHaveTextContent(/whole order/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/refund-lines'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      lines: [],
      includeDelivery: true,
      reason: 'Delivered three days late',
      bankReference: 'UTR555500010001',
    });
  });

  it('offers the delivery charge, ticked, when it is all that is left, and says the order is then refunded in full', async () => {
    const data = shippedOrder('test-gateway');
    data.order.status = 'refunded';
    data.controls.lines = data.controls.lines.map((l) => ({ ...l, refundable: 0 }));
    data.controls.refundableDeliveryPaise = 150_00;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, data)),
    );
    withProviders(<AdminOrderView data={data} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Delivery charge ₹150.00' })).toBeChecked();
    expect(dialog).toHaveTextContent('This refunds the whole order');
  });

  it('says how much a full refund gives back before the admin confirms it', async () => {
    const returned = shippedOrder('test-gateway');
    returned.order.status = 'returned';
    returned.order.payment.amountRefundedPaise = 9_000_00;
    returned.controls.can = { ...returned.controls.can, deliver: false, refundReturn: true, refundLines: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, returned)),
    );
    withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' });
    expect(dialog).toHaveTextContent('₹40,000.00 goes back to the customer, what is left of the ₹49,000.00 paid, delivery charge included');
  });

  it('receives a return once the admin says whether the items can be sold again, and shows it on the shipment', async () => {
    const asked = shippedOrder('test-gateway');
    asked.order.status = 'return_requested';
    asked.order.returnReason = 'Damaged or defective on arrival';
    asked.order.shipments[0]!.status = 'delivered';
    asked.controls.can = { ...asked.controls.can, deliver: false, receiveReturn: true, refundLines: false };
    const received = structuredClone(asked);
    received.order.status = 'returned';
    received.order.shipments[0] = { ...received.order.shipments[0]!, status: 'return_received', returnCondition: 'damaged' };
    const fetch = vi.fn(async () => json(200, { order: received.order }));
    vi.stubGlobal('fetch', fetch);
    const first = withProviders(<AdminOrderView data={asked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Receive return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive the return of order SC-100042' });
    expect(dialog).toHaveTextContent('The customer said: Damaged or defective on arrival');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return received' }));
    expect(within(dialog).getByText('Choose whether the items can be sold again')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('radio', { name: /Damaged or faulty/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith('/api/admin/orders/ord_1/return-received', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({ condition: 'damaged' });
    first.unmount();
    withProviders(<AdminOrderView data={received} />);
    expect(screen.getAllByTestId('admin-order-shipment')[0]).toHaveTextContent('Return received Written off');
  });

  it('shows where to transfer a cash-on-delivery refund: the account the customer gave, or that none was given yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, {})),
    );
    const returned = shippedOrder('cod');
    returned.order.status = 'returned';
    returned.controls.can = { ...returned.controls.can, deliver: false, refundReturn: true };
    returned.controls.refundAccount = { holderName: 'Priya Kulkarni', accountNumber: '5010012345671234', ifsc: 'HDFC0001234' };
    const first = withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    const full = await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' });
    expect(full).toHaveTextContent('Transfer to: Priya Kulkarni, account 5010012345671234, IFSC HDFC0001234');
    await userEvent.click(within(full).getByRole('button', { name: 'Not now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const items = await screen.findByRole('dialog', { name: 'Refund items of order SC-100042' });
    const transfer = within(items).getByText(/^Transfer to:/);
    expect(transfer).toHaveTextContent('Transfer to: Priya Kulkarni, account 5010012345671234, IFSC HDFC0001234');
    // Above the reference field, so the admin reads it before typing the UTR.
    expect(transfer.compareDocumentPosition(within(items).getByLabelText('Bank transfer reference (UTR)'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    first.unmount();

    returned.controls.refundAccount = null;
    withProviders(<AdminOrderView data={returned} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund in full' }));
    expect(await screen.findByRole('dialog', { name: 'Refund order SC-100042 in full' })).toHaveTextContent(
      'The customer has not given a bank account yet',
    );
  });

  it('records the bank account a customer phoned in: the server’s field errors, then the saved account with the order fetched again', async () => {
    const returned = shippedOrder('cod');
    returned.order.status = 'returned';
    returned.controls.canRecordRefundAccount = true;
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, { error: { code: 'VALIDATION', message: 'Check the form', fields: { ifsc: 'IFSC must be 11 characters' } } }),
      )
      .mockResolvedValue(json(200, { order: returned.order }));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={returned} />);
    const card = screen.getByRole('region', { name: 'Refund bank account' });
    expect(card).toHaveTextContent('The customer has not given a bank account yet');
    await userEvent.click(within(card).getByRole('button', { name: 'Record the account the customer gave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund account for order SC-100042' });
    // The schema's own checks first: nothing is sent while the numbers differ.
    await userEvent.type(within(dialog).getByLabelText('Account holder’s name'), 'Priya Kulkarni');
    await userEvent.type(within(dialog).getByLabelText('IFSC'), 'hdfc0001234');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '5010 0123 4567 1234');
    await userEvent.type(within(dialog).getByLabelText('Account number again'), '5010012345671235');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByText('The account numbers do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Account number again'));
    await userEvent.type(within(dialog).getByLabelText('Account number again'), '5010012345671234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    expect(await within(dialog).findByText('IFSC must be 11 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/admin/orders/ord_1/refund-account');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({
      holderName: 'Priya Kulkarni',
      accountNumber: '5010012345671234',
      confirmAccountNumber: '5010012345671234',
      ifsc: 'HDFC0001234',
    });
  });

  it('shows no refund account card for a prepaid order, nor for a refunded one without an account', () => {
    const prepaid = shippedOrder('test-gateway');
    const first = withProviders(<AdminOrderView data={prepaid} />);
    expect(screen.queryByRole('region', { name: 'Refund bank account' })).not.toBeInTheDocument();
    first.unmount();
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    expect(screen.queryByRole('region', { name: 'Refund bank account' })).not.toBeInTheDocument();
  });

  it('says the refund account and the return’s photos were removed when the customer deleted their account, rather than showing nothing', () => {
    const refunded = shippedOrder('cod');
    refunded.order.status = 'refunded';
    refunded.order.returnReason = 'Damaged or defective on arrival';
    refunded.order.refundAccountRemoved = true;
    refunded.order.returnPhotosRemoved = true;
    refunded.controls.can = { ...refunded.controls.can, deliver: false, refundLines: false };
    withProviders(<AdminOrderView data={refunded} />);
    const card = screen.getByRole('region', { name: 'Refund bank account' });
    expect(card).toHaveTextContent('Removed when the customer deleted their account');
    expect(card).not.toHaveTextContent('has not given a bank account');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Photos removed when the customer deleted their account.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'The customer’s photos of the return' })).not.toBeInTheDocument();
  });

  it('shows a photo that no longer loads as a box saying so, not a broken picture', () => {
    const returned = shippedOrder('test-gateway');
    returned.order.status = 'return_requested';
    returned.order.returnReason = 'Damaged or defective on arrival';
    returned.order.returnPhotos = [
      { id: 'rph_1', width: 2000, height: 1500 },
      { id: 'rph_2', width: 1500, height: 2000 },
    ];
    withProviders(<AdminOrderView data={returned} />);
    const photos = screen.getByRole('list', { name: 'The customer’s photos of the return' });
    fireEvent.error(within(photos).getByRole('img', { name: 'Sent with the return, 1 of 2' }));
    expect(within(photos).getByRole('img', { name: 'Sent with the return, 1 of 2: no longer available' })).toBeInTheDocument();
    expect(within(photos).getByRole('img', { name: 'Sent with the return, 2 of 2' })).toHaveAttribute(
      'src',
      '/api/orders/ord_1/return-photos/rph_2/320.webp',
    );
  });

  it('asks for the bank reference of a cash-on-delivery refund and shows the server’s field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          error: { code: 'VALIDATION', message: 'Check the form', fields: { bankReference: 'This reference was used already' } },
        }),
      ),
    );
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/Choose how many of which item to refund/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Bank transfer reference (UTR)')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Keys missing');
    await userEvent.type(within(dialog).getByLabelText('Bank transfer reference (UTR)'), 'UTR998877665544');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('This reference was used already')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('clears each refund error once its field is fixed, and says what is wrong with a bank reference that was entered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, shippedOrder('cod'))),
    );
    withProviders(<AdminOrderView data={shippedOrder('cod')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund items' }));
    const dialog = await screen.findByRole('dialog');
    const utr = within(dialog).getByLabelText('Bank transfer reference (UTR)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText(/Choose how many of which item to refund/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Give a reason/)).toBeInTheDocument();
    expect(utr).toHaveAccessibleDescription(/Enter the bank transfer reference \(UTR\)/);

    await userEvent.selectOptions(within(dialog).getByLabelText(/Logitech MX Keys/), '1');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Keys missing');
    expect(within(dialog).queryByText(/Choose how many of which item to refund/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/Give a reason/)).not.toBeInTheDocument();

    await userEvent.type(utr, 'x');
    expect(utr).toHaveAccessibleDescription(/12 to 22 letters and digits/);
    expect(utr).not.toHaveAccessibleDescription(/Enter the bank/);
    await userEvent.type(utr, 'UTR998877665544');
    expect(utr).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('ships the chosen seller’s items and cancels the whole order with a reason', async () => {
    const placed = shippedOrder('test-gateway');
    placed.order.status = 'placed';
    placed.order.shipments = [];
    placed.controls.sellers = placed.controls.sellers.map((s) => ({ ...s, shipment: null }));
    placed.controls.lines = placed.controls.lines.map((l) => ({ ...l, refundable: 0, cancellable: 1 }));
    placed.controls.can = {
      ship: true,
      deliver: false,
      receiveReturn: false,
      refundReturn: false,
      cancel: true,
      cancelLines: true,
      refundLines: false,
    };
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json(200, placed));
    vi.stubGlobal('fetch', fetch);
    withProviders(<AdminOrderView data={placed} />);
    expect(screen.queryByRole('button', { name: 'Refund items' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const ship = await screen.findByRole('dialog', { name: 'Ship order SC-100042' });
    await userEvent.selectOptions(within(ship).getByLabelText('Seller'), 'Deccan Laptops');
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    expect(within(ship).getByText('Enter the courier')).toBeInTheDocument();
    await userEvent.type(within(ship).getByLabelText('Courier'), 'Delhivery');
    await userEvent.type(within(ship).getByLabelText('Tracking number (AWB)'), 'DL12345678');
    await userEvent.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const shipped = fetch.mock.calls.find(([u]) => String(u).endsWith('/ship'))!;
    expect(JSON.parse(String(shipped[1]!.body))).toEqual({ vendorId: 'ven_b', carrier: 'Delhivery', trackingNumber: 'DL12345678' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel…' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel order SC-100042' });
    expect(within(cancel).getByLabelText('The whole order')).toBeChecked();
    await userEvent.type(within(cancel).getByLabelText('Reason'), 'Customer asked by phone');
    await userEvent.click(within(cancel).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const cancelled = fetch.mock.calls.find(([u]) => String(u).endsWith('/cancel'))!;
    expect(JSON.parse(String(cancelled[1]!.body))).toEqual({ reason: 'Customer asked by phone' });
  });
});
