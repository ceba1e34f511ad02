import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EInvoiceRegistration, EInvoicesResponse } from '~/shared/schemas/einvoices';
import AdminEInvoicesPage from '~/web/app/routes/admin/e-invoices';
import VendorEInvoicesPage from '~/web/app/routes/vendor/e-invoices';
import { Toaster } from '~/web/components/ui/toaster';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const IRN = 'c70892f2468fcab5d0827a04ea0f55fab64edd553dc36a365e38440df443c3ef';
function registration(overrides: Partial<EInvoiceRegistration> = {}): EInvoiceRegistration {
  return {
    id: 'einv_failed1',
    vendorId: 'ven_1',
    documentType: 'INV',
    documentNumber: 'PTH/26/00042',
    documentDate: '2026-12-07',
    documentRef: 'ord_1',
    supplierGstin: '27AABCP1234C1ZV',
    buyerGstin: '29AAFCK5521M1ZQ',
    buyerName: 'Koramangala Design Studio LLP',
    totalPaise: 4_04_999_00,
    status: 'failed',
    irn: null,
    ackNo: null,
    ackDate: null,
    signedQrCode: null,
    lastErrorCode: '2146',
    lastError: 'Unable to create IRN, Pls. try after some time',
    attempts: 8,
    cancellableUntil: null,
    cancelledAt: null,
    cancelReason: null,
    cancelRemark: null,
    createdAt: '2026-12-07T05:00:00.000Z',
    updatedAt: '2026-12-07T05:30:00.000Z',
    ...overrides,
  };
}
const registered = registration({
  id: 'einv_done1',
  documentNumber: 'PTH/26/00043',
  status: 'registered',
  irn: IRN,
  ackNo: '262012345678901',
  ackDate: new Date(Date.now() - 3_600_000).toISOString(),
  cancellableUntil: new Date(Date.now() + 23 * 3_600_000).toISOString(),
  lastErrorCode: null,
  lastError: null,
  attempts: 1,
});
const listOf = (items: EInvoiceRegistration[]): EInvoicesResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts: { pending: 0, registered: 1, failed: 1, cancelled: 0 },
});

function renderPage(page: 'admin' | 'vendor', fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const stub = vi.fn(fetch);
  vi.stubGlobal('fetch', stub);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: page === 'admin' ? <AdminEInvoicesPage /> : <VendorEInvoicesPage /> }], {
    initialEntries: [`/${page}/e-invoices`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetch: stub, router };
}

describe('the E-invoices screen', () => {
  it('shows each registration’s status, IRN and the portal’s error, and retries a failed one', async () => {
    const { fetch } = renderPage('admin', async (url, init) =>
      init?.method === 'POST' ? json({ einvoice: registration({ status: 'pending' }) }) : json(listOf([registration(), registered])),
    );
    const table = await screen.findByRole('table', { name: 'E-invoices, newest first (2)' });
    const [failed, done] = within(table).getAllByRole('row').slice(1);
    expect(failed).toHaveTextContent('Invoice PTH/26/00042');
    expect(failed).toHaveTextContent('₹4,04,999');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('2146: Unable to create IRN, Pls. try after some time');
    expect(done).toHaveTextContent(IRN);
    expect(done).toHaveTextContent('Ack 262012345678901');
    expect(screen.getByLabelText('Status')).toHaveTextContent('Failed (1)');

    await userEvent.click(within(failed!).getByRole('button', { name: 'Retry the e-invoice of invoice PTH/26/00042' }));
    expect(await screen.findByText('Registering the e-invoice of invoice PTH/26/00042 again.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/admin/e-invoices/einv_failed1/retry', expect.objectContaining({ method: 'POST' }));
  });

  it('cancels a seller’s IRN with the portal’s reason and a remark, and says what the portal refused', async () => {
    let cancels = 0;
    const { fetch } = renderPage('vendor', async (url, init) => {
      if (init?.method !== 'POST') return json(listOf([registered]));
      cancels += 1;
      return cancels === 1
        ? json({ error: { code: 'CONFLICT', message: 'The e-invoice portal refused the cancellation (2270): time limit crossed' } }, 409)
        : json({ einvoice: { ...registered, status: 'cancelled' } });
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancel IRN of invoice PTH/26/00043' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel the IRN of invoice PTH/26/00043?' });
    await u.click(within(dialog).getByRole('button', { name: 'Cancel IRN' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(/Choose why the IRN is cancelled/);
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/cancel'), expect.anything());

    await u.selectOptions(within(dialog).getByLabelText('Reason'), 'Data entry mistake');
    await u.type(within(dialog).getByLabelText(/Remark/), 'Wrong buyer address');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel IRN' }));
    expect(await within(dialog).findByText(/refused the cancellation \(2270\)/)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel IRN' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('The IRN of invoice PTH/26/00043 is cancelled.')).toBeInTheDocument();
    const [url, init] = fetch.mock.calls.find(([u]) => String(u).endsWith('/cancel'))!;
    expect(url).toBe('/api/vendor/e-invoices/einv_done1/cancel');
    expect(JSON.parse(String(init!.body))).toEqual({ reason: '2', remark: 'Wrong buyer address' });
  });

  it('says plainly when there are none yet', async () => {
    renderPage('admin', async () => json({ ...listOf([]), counts: { pending: 0, registered: 0, failed: 0, cancelled: 0 } }));
    expect(await screen.findByText('No e-invoices yet.')).toBeInTheDocument();
  });
});
