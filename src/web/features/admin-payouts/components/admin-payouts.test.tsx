import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayout, AdminPayoutsResponse, CommissionRates } from '~/shared/schemas/payouts';
import { AdminPayoutsList } from './admin-payouts-list';
import { PayoutActions } from './payout-actions';
import { CommissionPlansSection } from './commission-plans';
import { CommissionRatesSection } from './commission-rates-form';
import { parsePercent, recentWeeks } from './payout-figures';
import { toast } from '~/web/lib/toast';
import { screenOf } from '~/web/test/screen-width';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const payout: AdminPayout = {
  id: 'po_1',
  vendorId: 'ven_1',
  vendorName: 'Pune Tech Hub',
  vendorGstin: '27AAPFU0939F1ZV',
  ownStore: false,
  bankAccount: { holderName: 'Pune Tech Hub', maskedNumber: 'XXXXXX6789', ifsc: 'HDFC0001234' },
  periodStart: '2026-11-16',
  periodEnd: '2026-11-22',
  entries: 2,
  salePaise: 1_18_000_00,
  commissionPaise: 5_900_00,
  commissionGstPaise: 1_062_00,
  tcsPaise: 500_00,
  tdsPaise: 118_00,
  courierChargePaise: 0,
  netPaise: 1_10_420_00,
  status: 'pending',
  bankReference: null,
  paidAt: null,
  createdAt: '2026-11-23T01:00:00.000Z',
};

const list = (items: AdminPayout[]): AdminPayoutsResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  totals: {
    payouts: items.length,
    salePaise: 1_18_000_00,
    commissionPaise: 0,
    commissionGstPaise: 0,
    tcsPaise: 0,
    tdsPaise: 0,
    courierChargePaise: 0,
    netPaise: 1_10_420_00,
  },
  owed: { payouts: 3, netPaise: 2_50_000_00, withoutBankAccount: 1 },
});

const rates: CommissionRates = {
  rates: [
    { category: 'Desktop', rateBp: 600, updatedAt: '2026-01-01T00:00:00.000Z' },
    { category: 'Laptop', rateBp: 500, updatedAt: '2026-01-01T00:00:00.000Z' },
    { category: 'Monitor', rateBp: 700, updatedAt: '2026-01-01T00:00:00.000Z' },
  ],
};

function wrap(children: ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the bank-upload file', () => {
  it('is a download while a payout to be paid has a bank account', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, list([payout]))),
    );
    wrap(<PayoutActions filter={{}} />);
    expect(await screen.findByRole('link', { name: 'Download bank-upload CSV' })).toHaveAttribute(
      'href',
      '/api/admin/payouts/bank-file.csv',
    );
  });

  it('says why there is nothing to download when no payout to be paid has a bank account, instead of a file with only a header', async () => {
    const none = { ...list([]), owed: { payouts: 2, netPaise: 40_000_00, withoutBankAccount: 2 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, none)),
    );
    wrap(<PayoutActions filter={{}} />);
    const button = await screen.findByRole('button', { name: 'Download bank-upload CSV' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('No payout to be paid has a bank account yet: the sellers must add one in their profile.');
    expect(screen.queryByRole('link', { name: 'Download bank-upload CSV' })).not.toBeInTheDocument();
  });
});

describe('the payouts list', () => {
  it('shows what is owed, each payout with its bank account, and its statement when opened', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, list([payout])));
    vi.stubGlobal('fetch', fetchMock);
    wrap(<AdminPayoutsList filter={{ status: 'pending', vendorId: 'ven_1' }} onPageChange={() => undefined} />);
    const table = await screen.findByRole('table', { name: /Payouts, to be paid first \(1 in all\)/ });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/payouts?status=pending&vendorId=ven_1');
    const cards = screen.getAllByTestId('payouts-summary-card');
    expect(cards[0]).toHaveTextContent('Owed to sellers₹2,50,000.00');
    expect(cards[1]).toHaveTextContent('Without a bank account1');
    const row = within(table).getByTestId('payout-row');
    expect(row).toHaveTextContent('XXXXXX6789');
    expect(row).toHaveTextContent('₹1,10,420.00');
    expect(within(row).getByRole('link', { name: /Pune Tech Hub/ })).toHaveAttribute('href', '/admin/payouts?vendor=ven_1');

    await userEvent.click(screen.getByRole('button', { name: /Statement of Pune Tech Hub/ }));
    const statement = await screen.findByRole('heading', { name: /Statement · 2 lines/ });
    const figures = statement.parentElement!;
    expect(figures).toHaveTextContent('Commission− ₹5,900.00');
    expect(figures).toHaveTextContent('GST on commission− ₹1,062.00');
    expect(figures).toHaveTextContent('TCS (GST, section 52)− ₹500.00');
    expect(figures).toHaveTextContent('TDS (income tax, section 194-O)− ₹118.00');
    expect(figures).toHaveTextContent('Net to the seller₹1,10,420.00');
  });

  it("marks the shop's own store and lists no commission, TCS or TDS in its statement", async () => {
    const own: AdminPayout = {
      ...payout,
      vendorName: 'Sahyadri Computers',
      vendorGstin: '27AAUFS4821K1ZK',
      ownStore: true,
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      netPaise: payout.salePaise,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, list([own]))),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    const table = await screen.findByRole('table', { name: /Payouts/ });
    expect(within(table).getByTestId('payout-row')).toHaveTextContent('Own store');
    await userEvent.click(screen.getByRole('button', { name: /Statement of Sahyadri Computers/ }));
    const figures = (await screen.findByRole('heading', { name: /Statement · 2 lines/ })).parentElement!;
    expect(figures).toHaveTextContent('Sales (GST included)₹1,18,000.00');
    expect(figures).toHaveTextContent('Net to the seller₹1,18,000.00');
    expect(figures).toHaveTextContent('The shop’s own store’s sales: no commission, TCS or TDS.');
    expect(figures).not.toHaveTextContent('Commission');
    expect(figures).not.toHaveTextContent('TCS (GST, section 52)');
  });

  it('shows each payout as a card on a phone: its seller, its figures labelled, Mark paid under it', async () => {
    screenOf(390);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, list([payout]))),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    const card = await screen.findByTestId('payout-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Pune Tech Hub/ })).toBeInTheDocument();
    const net = within(card).getByText('Net to pay', { selector: 'dt' });
    expect(net.nextElementSibling).toHaveTextContent('₹1,10,420.00');
    expect(within(card).getByRole('button', { name: /Mark paid: Pune Tech Hub/ })).toBeInTheDocument();
  });

  it('says in the Mark paid dialog which account the money went to, or warns that the seller has none', async () => {
    const noAccount: AdminPayout = { ...payout, id: 'po_2', vendorName: 'Kharghar Computer Mart', bankAccount: null };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, list([payout, noAccount]))),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    const markPune = await screen.findByRole('button', { name: /Mark paid: Pune Tech Hub/ });
    expect(markPune).toHaveClass('whitespace-nowrap');
    await userEvent.click(markPune);
    const paid = await screen.findByRole('dialog', { name: 'Mark paid: Pune Tech Hub' });
    expect(paid).toHaveTextContent('Paid to: Pune Tech Hub, account XXXXXX6789, IFSC HDFC0001234');
    await userEvent.click(within(paid).getByRole('button', { name: 'Not now' }));

    await userEvent.click(screen.getByRole('button', { name: /Mark paid: Kharghar Computer Mart/ }));
    const none = await screen.findByRole('dialog', { name: 'Mark paid: Kharghar Computer Mart' });
    expect(within(none).getByRole('status')).toHaveTextContent('Kharghar Computer Mart has no bank account on file');
  });

  it('marks a payout paid with a checked bank reference, showing the server’s field errors', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { bankReference: string; paidOn: string };
          posts.push(body);
          if (posts.length === 1)
            return json(400, {
              error: {
                code: 'VALIDATION',
                message: 'The transfer cannot be before the end of the payout week.',
                fields: { paidOn: 'The payout covers the week to 2026-11-22' },
              },
            });
          return json(200, {
            payout: { ...payout, status: 'paid', bankReference: body.bankReference, paidAt: '2026-11-24T06:30:00.000Z' },
          });
        }
        expect(url).toContain('/api/admin/payouts');
        return json(200, list([payout]));
      }),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark paid: Pune Tech Hub/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid: Pune Tech Hub' });
    const reference = within(dialog).getByLabelText(/Bank reference \(UTR\)/);
    await userEvent.type(reference, 'HDFC 123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText(/12 to 22 letters and digits, like/, { selector: '.text-red-700' })).toBeVisible();
    expect(posts).toHaveLength(0);

    await userEvent.clear(reference);
    await userEvent.type(reference, 'hdfcn52026112400123');
    const date = within(dialog).getByLabelText('Date of the transfer');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('The payout covers the week to 2026-11-22')).toBeVisible();
    expect(posts[0]).toEqual({ bankReference: 'HDFCN52026112400123', paidOn: '2026-11-20' });

    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-23');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts[1]).toEqual({ bankReference: 'HDFCN52026112400123', paidOn: '2026-11-23' });
  });

  it('confirms the payout marked paid although the list fetched again no longer holds it', async () => {
    let paid = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'POST') return json(200, list(paid ? [] : [payout]));
        paid = true;
        const body = JSON.parse(String(init.body)) as { bankReference: string };
        return json(200, { payout: { ...payout, status: 'paid', bankReference: body.bankReference, paidAt: '2026-11-24T06:30:00.000Z' } });
      }),
    );
    wrap(<AdminPayoutsList filter={{ status: 'pending' }} onPageChange={() => undefined} />);
    await userEvent.click(await screen.findByRole('button', { name: /Mark paid: Pune Tech Hub/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid: Pune Tech Hub' });
    await userEvent.type(within(dialog).getByLabelText(/Bank reference \(UTR\)/), 'HDFCN52026112400123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Payout of ₹1,10,420.00 to Pune Tech Hub marked paid (UTR HDFCN52026112400123).'),
    );
    expect(await screen.findByText(/No payouts/)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says how payouts come about when there are none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...list([]), total: 0 })),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeVisible();
  });

  it('shows an error with Retry when payouts cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } })),
    );
    wrap(<AdminPayoutsList filter={{}} onPageChange={() => undefined} />);
    expect(await screen.findByText('Payouts could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeVisible();
  });
});

describe('commission rates and plans', () => {
  it('refuses a rate above 50% before asking the server, then saves the rates in basis points', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push(JSON.parse(String(init.body)));
          return json(200, rates);
        }
        return json(200, rates);
      }),
    );
    wrap(<CommissionRatesSection />);
    const laptop = await screen.findByLabelText('Laptop commission (%)');
    expect(laptop).toHaveValue('5');
    await userEvent.clear(laptop);
    // 55, 150 and −1 are numbers out of range: each is told the range, not the shape of a percentage.
    for (const rate of ['55', '150', '-1']) {
      await userEvent.clear(laptop);
      await userEvent.type(laptop, rate);
      await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
      expect(laptop).toHaveAccessibleDescription(/Enter a rate from 0% to 50%/);
    }
    expect(puts).toHaveLength(0);
    await userEvent.clear(laptop);
    await userEvent.type(laptop, '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      rates: [
        { category: 'Laptop', rateBp: 450 },
        { category: 'Desktop', rateBp: 600 },
        { category: 'Monitor', rateBp: 700 },
      ],
    });
  });

  it("shows the vendor's plan asked for by the address, and sets its own rate for a category", async () => {
    const puts: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') {
          puts.push({ url, body: JSON.parse(String(init.body)) });
          return json(200, { plan: { vendorId: 'ven_1', vendorName: 'Pune Tech Hub', rates: [] } });
        }
        if (url.startsWith('/api/admin/commission-rates')) return json(200, rates);
        expect(url).toBe('/api/admin/commission-plans?vendorId=ven_1&pageSize=100');
        return json(200, { items: [{ vendorId: 'ven_1', vendorName: 'Pune Tech Hub', rates: [] }], total: 1, page: 1, pageSize: 100 });
      }),
    );
    wrap(<CommissionPlansSection vendorId="ven_1" />);
    const row = await screen.findByTestId('commission-plan-row');
    expect(row).toHaveTextContent('5% (category)');
    await userEvent.click(within(row).getByRole('button', { name: /Set commission plan/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Commission plan: Pune Tech Hub' });
    await userEvent.type(within(dialog).getByLabelText(/Laptop rate/), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ url: '/api/admin/commission-plans/ven_1', body: { rates: [{ category: 'Laptop', rateBp: 300 }] } });
  });

  it('reads percentages as basis points and knows the weeks that ended', () => {
    expect(parsePercent('7.25 %')).toEqual({ bp: 725 });
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('abc')).toEqual({ error: expect.stringMatching(/percentage/) });
    expect(parsePercent('150')).toEqual({ error: 'Enter a rate from 0% to 50%' });
    expect(parsePercent('7.125')).toEqual({ error: 'Use at most two decimals, like 7.25' });
    const weeks = recentWeeks(2, new Date('2026-11-25T06:00:00Z'));
    expect(weeks).toEqual(['2026-11-16', '2026-11-09']);
  });
});
