import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveredDetail, detail, item, json, paidDetail, renderAt } from '../test-fixtures';
import { OrderDetailsView } from './order-details-view';

afterEach(() => vi.unstubAllGlobals());

/** What the progress says, step by step (the steps' numbers are pictures, hidden from screen readers). */
const progressRead = async () =>
  within(await screen.findByRole('list', { name: 'Order progress' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent.replace(/^\d/, ''));

const renderOrder = () => renderAt(<OrderDetailsView orderId="ord_1" />, { path: '/order-details/:orderId', url: '/order-details/ord_1' });

describe('OrderDetailsView', () => {
  it("shows a courier parcel's tracking timeline, newest scan first, with the courier's own tracking page", async () => {
    const order = paidDetail({
      status: 'shipped',
      shipments: [
        {
          id: 'shp_1',
          sellerName: 'Sahyadri Computers',
          carrier: 'Test Economy Surface',
          trackingNumber: 'TE0123456789',
          trackingUrl: 'https://shop.example/test-courier/track/TE0123456789',
          status: 'shipped',
          shippedAt: '2026-11-22T05:00:00.000Z',
          deliveredAt: null,
          returnCondition: null,
          itemIds: ['itm_1'],
        },
      ],
    });
    const parcels = [
      {
        awb: 'TE0123456789',
        courierName: 'Test Economy Surface',
        trackingUrl: 'https://shop.example/test-courier/track/TE0123456789',
        status: 'out_for_delivery',
        events: [
          { status: 'picked_up', at: '2026-11-22T06:00:00.000Z', location: "Seller's pickup point", detail: 'Picked up from the seller' },
          { status: 'out_for_delivery', at: '2026-11-23T04:00:00.000Z', location: 'Delivery centre', detail: 'Out for delivery' },
        ],
        answers: [],
        reattemptDays: null,
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (String(url).endsWith('/tracking') ? json(200, { parcels }) : json(200, { order }))),
    );
    renderOrder();

    const tracking = await screen.findByRole('region', { name: 'Tracking of parcel TE0123456789' });
    expect(tracking).toHaveTextContent('Now: Out for delivery');
    const scans = within(within(tracking).getByRole('list', { name: 'Parcel scans, newest first' })).getAllByRole('listitem');
    expect(scans.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Out for delivery · Delivery centre'),
      expect.stringContaining("Picked up from the seller · Seller's pickup point"),
    ]);
    expect(within(tracking).getByRole('link', { name: /Track on Test Economy Surface's site/ })).toHaveAttribute(
      'href',
      'https://shop.example/test-courier/track/TE0123456789',
    );
    expect(screen.queryByRole('link', { name: /Track with Test Economy Surface/ })).not.toBeInTheDocument();
  });

  it('shows the order: progress, items, GST split, payment, delivery, shipments and invoice links', async () => {
    const order = paidDetail({
      status: 'shipped',
      shipments: [
        {
          id: 'shp_1',
          sellerName: 'Sahyadri Computers',
          carrier: 'Blue Dart',
          trackingNumber: 'BD12345678',
          trackingUrl: 'https://bluedart.example/track/BD12345678',
          status: 'shipped',
          shippedAt: '2026-11-22T05:00:00.000Z',
          deliveredAt: null,
          returnCondition: null,
          itemIds: ['itm_1'],
        },
      ],
      actions: { canPay: false, canCancel: false, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Order SC-2611-0001' })).toBeInTheDocument();
    expect(await progressRead()).toEqual(['Placed (done)', 'Packed (done)', 'Shipped (current)', 'Delivered (to come)']);
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Lenovo IdeaPad Slim 3' })).toHaveAttribute('href', '/product/prd_1');
    expect(items).toHaveTextContent('Sold by Sahyadri Computers · HSN 8471');
    const totals = screen.getByRole('region', { name: 'Order total' });
    expect(totals).toHaveTextContent('CGST₹4,194.15');
    expect(totals).toHaveTextContent('SGST₹4,194.16');
    expect(totals).not.toHaveTextContent('IGST');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('StatusPaid');
    expect(payment).toHaveTextContent('pay_TEST123');
    expect(screen.getByRole('link', { name: /Track with Blue Dart/ })).toHaveAttribute('href', 'https://bluedart.example/track/BD12345678');
    expect(screen.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', '/order-details/ord_1/invoice');
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/orders/ord_1/invoice.pdf');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Delivery address' })).toHaveTextContent('Pune, Maharashtra 411045');
  });

  it('reads the progress as it happened: placed and nothing more, then packed once the seller packed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: paidDetail() })),
    );
    renderOrder();
    expect(await progressRead()).toEqual(['Placed (current)', 'Packed (to come)', 'Shipped (to come)', 'Delivered (to come)']);
    cleanup();

    const packedAt = '2026-11-21T09:00:00.000Z';
    const packed = paidDetail({
      packings: [{ sellerName: 'Sahyadri Computers', packedAt, itemIds: ['itm_1'] }],
      timeline: [
        ...paidDetail().timeline,
        {
          kind: 'packed',
          message: 'Sahyadri Computers packed your items: they are ready for the courier.',
          actorRole: 'vendor',
          createdAt: packedAt,
        },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: packed })),
    );
    renderOrder();
    expect(await progressRead()).toEqual(['Placed (done)', 'Packed (current)', 'Shipped (to come)', 'Delivered (to come)']);
    expect(screen.getByRole('region', { name: 'Order updates' })).toHaveTextContent(
      'Sahyadri Computers packed your items: they are ready for the courier.',
    );
  });

  it('lists the credit notes against the invoice, each with its PDF', async () => {
    const order = paidDetail({
      creditNotes: [
        {
          number: 'INV-SC-2611-0001-CN1',
          date: '2026-11-22T05:00:00.000Z',
          reason: 'Items cancelled by Sahyadri Computers: only one unit left',
          lines: [],
          shippingPaise: 0,
          taxablePaise: 46_601_69,
          gstPaise: 8_388_31,
          totalPaise: 54_990_00,
        },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderOrder();
    const notes = await screen.findByRole('region', { name: 'Credit notes' });
    expect(notes).toHaveTextContent('INV-SC-2611-0001-CN1 · ₹54,990.00');
    expect(notes).toHaveTextContent('only one unit left');
    expect(notes).toHaveTextContent('Taxable value ₹46,601.69, GST ₹8,388.31');
    expect(within(notes).getByRole('link', { name: 'Download credit note INV-SC-2611-0001-CN1 (PDF)' })).toHaveAttribute(
      'href',
      '/api/orders/ord_1/credit-notes/INV-SC-2611-0001-CN1',
    );
  });

  it('shows IGST for delivery outside the seller state', async () => {
    const order = detail({
      intraState: false,
      items: [item({ cgstPaise: 0, sgstPaise: 0, igstPaise: 8_388_31 })],
      totals: { ...detail().totals, cgstPaise: 0, sgstPaise: 0, igstPaise: 8_388_31 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderOrder();
    const totals = await screen.findByRole('region', { name: 'Order total' });
    expect(totals).toHaveTextContent('IGST₹8,388.31');
    expect(totals).not.toHaveTextContent('CGST');
  });

  it('cancels with a reason and shows the cancelled order with its refund', async () => {
    const order = paidDetail();
    const cancelled = paidDetail({
      status: 'cancelled',
      cancelReason: 'Found a better price',
      payment: { ...order.payment, status: 'refunded', amountRefundedPaise: 54_990_00 },
      refunds: [
        {
          id: 'rfd_1',
          amountPaise: 54_990_00,
          status: 'pending',
          reason: 'Order cancelled',
          providerRefundId: 'rfnd_X1',
          createdAt: '2026-11-21T07:00:00.000Z',
        },
      ],
      actions: { canPay: false, canCancel: false, canRequestReturn: false, returnDeadline: null, canGiveRefundAccount: false },
    });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(200, { order: cancelled });
      return json(200, { order });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderOrder();

    expect(within(await screen.findByRole('heading', { level: 1 })).getByText('SC-2611-0001')).toHaveClass('whitespace-nowrap');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order SC-2611-0001?' });
    // Paid by UPI: the time the returns page promises for UPI.
    expect(dialog).toHaveTextContent('We refund ₹54,990.00 to the way you paid, usually within 2–4 working days.');
    // On a phone the order number stays whole: it would otherwise break after its hyphen ("SC-" / "2611-0001").
    expect(within(dialog).getByText('SC-2611-0001')).toHaveClass('whitespace-nowrap');
    // No reason chosen: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('Choose a reason for cancelling')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);

    await user.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Found a better price');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Refund of ₹54,990.00 initiated')).toBeInTheDocument();
    expect(screen.getByText('It usually reaches the way you paid within 2–4 working days.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/orders/ord_1/cancel',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ reason: 'Found a better price' }) }),
    );
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Cancelled');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('StatusRefunded');
    expect(screen.getByRole('region', { name: 'Refunds' })).toHaveTextContent('₹54,990.00 · Initiated');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the order can no longer be cancelled', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(409, { error: { code: 'CONFLICT', message: 'This order has shipped and can no longer be cancelled.' } })
        : json(200, { order: detail() }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Reason for cancelling'), 'Ordered by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order has shipped and can no longer be cancelled.');
  });

  it('asks for a return with a reason before the deadline', async () => {
    const delivered = deliveredDetail();
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/return-photos')
        ? json(200, { photos: [] })
        : init?.method === 'POST'
          ? json(200, {
              order: {
                ...delivered,
                status: 'return_requested',
                returnReason: 'Wrong item delivered',
                actions: { ...delivered.actions, canRequestReturn: false },
              },
            })
          : json(200, { order: delivered }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return order SC-2611-0001' });
    expect(dialog).toHaveTextContent('until 2 Dec 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(within(dialog).getByText('Choose a reason for the return')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong item delivered' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), 'Got a monitor instead');
    await user.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Return requested', { selector: 'p' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      '/api/orders/ord_1/return',
      expect.objectContaining({ body: JSON.stringify({ reason: 'Wrong item delivered', details: 'Got a monitor instead' }) }),
    );
  });

  it('says the order is not found when it is not the customer’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { error: { code: 'NOT_FOUND', message: 'Order not found.' } })),
    );
    renderOrder();
    expect(await screen.findByRole('heading', { name: 'Order not found', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/orders');
  });

  it('offers Retry when the order could not be loaded', async () => {
    const fetch = vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }));
    vi.stubGlobal('fetch', fetch);
    renderOrder();
    const alert = await screen.findByRole('alert');
    fetch.mockImplementation(async () => json(200, { order: detail() }));
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SC-2611-0001' })).toBeInTheDocument();
  });
});
