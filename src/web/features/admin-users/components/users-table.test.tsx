import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUsersQuery } from '~/shared/schemas/auth';
import { Toaster } from '~/web/components/ui/toaster';
import { UsersTable } from './users-table';

afterEach(() => vi.unstubAllGlobals());

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const customer: AdminUser = {
  uid: 'usr_customer',
  name: 'Asha Patil',
  email: 'asha@example.in',
  role: 'customer',
  createdAt: '2026-11-20T06:30:00.000Z',
  suspended: false,
  suspendedReason: null,
  emailVerified: true,
  vendor: null,
};
const vendor: AdminUser = {
  uid: 'usr_vendor',
  name: 'Rohan Deshmukh',
  email: 'rohan@example.in',
  role: 'vendor',
  createdAt: '2026-11-21T06:30:00.000Z',
  suspended: false,
  suspendedReason: null,
  emailVerified: true,
  vendor: {
    id: 'ven_1',
    businessName: 'Deccan Laptops LLP',
    status: 'pending',
    gstin: null,
    pickupCity: 'Pune',
    pickupState: 'Maharashtra',
  },
};
const suspended: AdminUser = { ...customer, uid: 'usr_gone', name: 'Kiran Pawar', suspended: true, suspendedReason: 'Chargebacks' };

const query: AdminUsersQuery = { page: 1, pageSize: 20, sort: '-createdAt', status: 'active' };

function renderTable(fetch: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <UsersTable query={query} onChange={() => undefined} filtered onClearFilters={() => undefined} />
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('UsersTable', () => {
  it("shows each account's status and links to its page, asking with the filter", async () => {
    const fetch = vi.fn(async () => json(200, { items: [vendor, customer, suspended], total: 3, page: 1, pageSize: 20 }));
    renderTable(fetch);
    const table = await screen.findByRole('table', { name: 'Accounts, newest first (3 in all)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/users?page=1&pageSize=20&sort=-createdAt&status=active', expect.anything());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Vendor pending')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Suspended')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Asha Patil' })).toHaveAttribute('href', '/admin/users/usr_customer');
    expect(within(rows[2]!).getByRole('button', { name: 'Reactivate account of Kiran Pawar' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Suspend account of Asha Patil' })).toBeInTheDocument();
    // Roles as people name them.
    expect(within(rows[0]!).getByText('Vendor')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Customer')).toBeInTheDocument();
  });

  it('says in view, and to a screen reader on the button, why a vendor cannot be approved yet', async () => {
    const unverified: AdminUser = { ...vendor, emailVerified: false };
    renderTable(vi.fn(async () => json(200, { items: [unverified], total: 1, page: 1, pageSize: 20 })));
    const approve = await screen.findByRole('button', { name: 'Approve Deccan Laptops LLP' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('E-mail not verified: approve once the vendor verifies it');
    expect(screen.getByText('E-mail not verified: approve once the vendor verifies it')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail to Deccan Laptops LLP' })).toBeEnabled();
  });

  it('resends the verification e-mail of a vendor whose address is not verified, saying so in a toast', async () => {
    const user = userEvent.setup();
    const unverified: AdminUser = { ...vendor, emailVerified: false };
    let answer = json(200, {
      message: 'A new verification link is on its way to rohan@example.in. Deccan Laptops LLP can be approved once it follows it.',
    });
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? answer : json(200, { items: [unverified], total: 1, page: 1, pageSize: 20 }),
    );
    renderTable(fetch);
    const resend = await screen.findByRole('button', { name: 'Resend verification e-mail to Deccan Laptops LLP' });
    await user.click(resend);
    expect(fetch).toHaveBeenCalledWith('/api/admin/vendors/ven_1/resend-verification', expect.objectContaining({ method: 'POST' }));
    expect(
      await screen.findByText(
        'A new verification link is on its way to rohan@example.in. Deccan Laptops LLP can be approved once it follows it.',
      ),
    ).toBeInTheDocument();

    answer = json(429, {
      error: {
        code: 'RATE_LIMITED',
        message: 'The verification e-mail has been sent to rohan@example.in too many times in the last hour.',
      },
    });
    await user.click(resend);
    expect(await screen.findByText(/sent to rohan@example.in too many times/)).toBeInTheDocument();
  });

  it('asks before approving a vendor, warning when it has no GSTIN, and approves it', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(200, { id: 'ven_1', status: 'approved' })
        : json(200, { items: [vendor], total: 1, page: 1, pageSize: 20 }),
    );
    renderTable(fetch);
    await user.click(await screen.findByRole('button', { name: 'Approve Deccan Laptops LLP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Deccan Laptops LLP?' });
    expect(within(dialog).getByText('No GSTIN on file')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('TCS return (GSTR-8)');
    expect(dialog).toHaveTextContent('TDS is deducted at 5% of each sale instead of 0.1%');
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/decision'), expect.anything());
    await user.click(within(dialog).getByRole('button', { name: 'Approve vendor' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/vendors/ven_1/decision',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ decision: 'approve' }) }),
    );
    expect(await screen.findByText('Deccan Laptops LLP approved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the GSTIN on file in the approval, without a warning, and keeps the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const registered: AdminUser = { ...vendor, vendor: { ...vendor.vendor!, gstin: '27AAPFU0939F1ZV' } };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json(409, { error: { code: 'CONFLICT', message: 'This vendor has already been approved.' } })
        : json(200, { items: [registered], total: 1, page: 1, pageSize: 20 }),
    );
    renderTable(fetch);
    await user.click(await screen.findByRole('button', { name: 'Approve Deccan Laptops LLP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Deccan Laptops LLP?' });
    expect(dialog).toHaveTextContent('GSTIN on file: 27AAPFU0939F1ZV');
    expect(within(dialog).queryByText('No GSTIN on file')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve vendor' }));
    expect(await within(dialog).findByText('This vendor has already been approved.')).toBeInTheDocument();
  });

  it('rejects a vendor only with a reason, and sends it', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(200, { id: 'ven_1', status: 'rejected' });
      return json(200, { items: [vendor], total: 1, page: 1, pageSize: 20 });
    });
    renderTable(fetch);
    await user.click(await screen.findByRole('button', { name: 'Reject Deccan Laptops LLP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Deccan Laptops LLP' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject vendor' }));
    expect(within(dialog).getByText('Give a reason of at least 5 characters: the vendor reads it')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/decision'), expect.anything());

    await user.type(within(dialog).getByLabelText(/Reason/), 'The GSTIN belongs to another business');
    await user.click(within(dialog).getByRole('button', { name: 'Reject vendor' }));
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/vendors/ven_1/decision',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ decision: 'reject', reason: 'The GSTIN belongs to another business' }),
      }),
    );
    expect(await screen.findByText('Deccan Laptops LLP rejected.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when suspension is refused', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        return json(409, {
          error: { code: 'CONFLICT', message: 'You cannot suspend your own account. Another admin can, if it must be done.' },
        });
      }
      return json(200, { items: [customer], total: 1, page: 1, pageSize: 20 });
    });
    renderTable(fetch);
    await user.click(await screen.findByRole('button', { name: 'Suspend account of Asha Patil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Asha Patil' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Testing the refusal');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await within(dialog).findByText(/You cannot suspend your own account/)).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    const fetch = vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong.' } }));
    renderTable(fetch);
    expect(await screen.findByText('Could not load users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
