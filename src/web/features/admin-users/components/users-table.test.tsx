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
