import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VendorOrderPage from '~/web/app/routes/vendor/order';
import type { VendorProfile } from '~/shared/schemas/vendor';
import { knowVendorAccount } from '~/web/test/vendor-account';
import { vendorOrderDetail } from '~/web/test/vendor-order';

vi.mock('~/web/lib/toast');
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(vendor: Partial<VendorProfile> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client, vendor);
  const router = createMemoryRouter([{ path: '/vendor/orders/:orderId', element: <VendorOrderPage /> }], {
    initialEntries: ['/vendor/orders/ord_1'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the seller's order page", () => {
  it('shows its items, the address with the +91 mobile, the payment, the timeline and the steps of the list', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({ order: vendorOrderDetail({ packedAt: '2026-11-21T09:00:00.000Z' }) })
        : json({ order: vendorOrderDetail() }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order SC-100042' })).toBeVisible();
    expect(fetch.mock.calls[0]![0]).toBe('/api/vendor/orders/ord_1');
    const items = screen.getByRole('region', { name: 'Your items' });
    expect(items).toHaveTextContent('Lenovo ThinkPad E14 Gen 5');
    expect(items).toHaveTextContent('Lenovo · HSN 84713010 · 2 × ₹64,990.00');
    expect(items).toHaveTextContent('₹1,29,980.00');
    const address = screen.getByRole('region', { name: 'Deliver to' });
    expect(address).toHaveTextContent('Flat 12, Sai Residency');
    expect(address).toHaveTextContent('Pune, Maharashtra 411045');
    expect(within(address).getByRole('link', { name: '+91 98220 12345' })).toHaveAttribute('href', 'tel:+919822012345');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Cash on delivery');
    expect(payment).toHaveTextContent('To be collected on delivery');
    expect(screen.getByRole('region', { name: 'Shipment' })).toHaveTextContent('Not packed yet.');
    expect(screen.getByRole('region', { name: 'Timeline' })).toHaveTextContent('Order placed, to be paid in cash on delivery.');
    const steps = screen.getByRole('group', { name: 'Steps for this order' });
    expect(within(steps).getByRole('link', { name: 'Packing slip of order SC-100042 (PDF)' })).toHaveAttribute(
      'href',
      '/api/vendor/orders/ord_1/packing-slip',
    );
    expect(within(steps).getByRole('button', { name: 'Ship order SC-100042' })).toBeVisible();
    expect(within(steps).getByRole('button', { name: 'Cancel items of order SC-100042' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(steps).getByRole('button', { name: 'Mark packed: order SC-100042' }));
    // Packing asks for each unit's serial where the line needs one; this one needs none.
    const dialog = await screen.findByRole('dialog', { name: 'Pack order SC-100042' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark packed' }));
    expect(fetch).toHaveBeenCalledWith('/api/vendor/orders/ord_1/pack', expect.objectContaining({ method: 'POST' }));
  });

  it('shows the shipment with its tracking link, and offers Mark delivered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          order: vendorOrderDetail({
            status: 'shipped',
            shipment: {
              carrier: 'Blue Dart',
              trackingNumber: 'BD7788990011',
              trackingUrl: 'https://www.bluedart.com/track?awb=BD7788990011',
              status: 'shipped',
              returnCondition: null,
              shippedAt: '2026-11-22T05:00:00.000Z',
              deliveredAt: null,
            },
          }),
        }),
      ),
    );
    renderPage();
    const shipment = await screen.findByRole('region', { name: 'Shipment' });
    expect(shipment).toHaveTextContent('Blue Dart');
    expect(within(shipment).getByRole('link', { name: /BD7788990011/ })).toHaveAttribute(
      'href',
      'https://www.bluedart.com/track?awb=BD7788990011',
    );
    expect(shipment).toHaveTextContent('On its way');
    expect(screen.getByRole('button', { name: 'Mark delivered: order SC-100042' })).toBeVisible();
  });

  it("says another seller's order (a 404) was not found, with the way back and no Retry", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'NOT_FOUND', message: 'We could not find this order among your orders.' } }, 404)),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your orders' })).toHaveAttribute('href', '/vendor/orders');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when the shop could not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500)),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The order could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('leaves a suspended seller the packing slip, and no step the server would refuse', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ order: vendorOrderDetail() })),
    );
    renderPage({ status: 'suspended', statusReason: null });
    const steps = await screen.findByRole('group', { name: 'Steps for this order' });
    expect(within(steps).getByRole('link', { name: 'Packing slip of order SC-100042 (PDF)' })).toBeVisible();
    expect(within(steps).queryByRole('button')).not.toBeInTheDocument();
  });
});
