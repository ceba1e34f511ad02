import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry, LedgerResponse, Payout, VendorPayouts } from '~/shared/schemas/payouts';
import VendorPayoutsPage from '~/web/app/routes/vendor/payouts';
import { currentMonth } from './payout-format';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const payout = (overrides: Partial<Payout> = {}): Payout => ({
  id: 'po_1',
  periodStart: '2026-11-09',
  periodEnd: '2026-11-15',
  entries: 2,
  salePaise: 1_09_980_00,
  commissionPaise: 5_499_00,
  commissionGstPaise: 989_82,
  tcsPaise: 466_02,
  tdsPaise: 109_98,
  courierChargePaise: 0,
  netPaise: 1_02_915_18,
  status: 'paid',
  bankReference: 'HDFCN52026111800401',
  paidAt: '2026-11-18T05:30:00.000Z',
  createdAt: '2026-11-16T04:00:00.000Z',
  ...overrides,
});

const summary: VendorPayouts = {
  summary: {
    payableNowPaise: 52_000_00,
    inPayoutPaise: 20_000_00,
    inReturnWindowPaise: 31_250_50,
    awaitingCodCashPaise: 0,
    paidPaise: 1_02_915_18,
    nextSettlementOn: '2026-11-30',
  },
  rates: {
    commission: [
      { category: 'Desktop', rateBp: 600 },
      { category: 'Laptop', rateBp: 500 },
      { category: 'Monitor', rateBp: 700 },
    ],
    commissionGst: { bp: 1800, source: 'GST on services, Notification 11/2017-Central Tax (Rate)' },
    tcs: { bp: 50, since: '2024-07-10', source: 'Section 52 of the CGST Act, Notification 15/2024-Central Tax' },
    tds: { bp: 10, since: '2024-10-01', source: 'Section 194-O of the Income-tax Act' },
    tdsWithoutPan: { bp: 500, source: 'Section 206AA of the Income-tax Act' },
    ownStore: false,
    vendorTdsBp: 10,
    returnWindowDays: 7,
  },
  payouts: [
    payout({ id: 'po_2', periodStart: '2026-11-16', periodEnd: '2026-11-22', status: 'pending', bankReference: null, paidAt: null }),
    payout(),
  ],
};

const entry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: 'led_1',
  orderId: 'ord_1',
  orderNumber: 'SC-100042',
  category: 'Laptop',
  quantity: 1,
  salePaise: 54_990_00,
  taxablePaise: 46_601_69,
  commissionRateBp: 500,
  commissionPaise: 2_749_50,
  commissionGstPaise: 494_91,
  tcsPaise: 233_00,
  tdsPaise: 54_99,
  courierChargePaise: 0,
  courierChargeGstPaise: 0,
  netPaise: 51_457_60,
  couponSharePaise: 0,
  intraState: true,
  deliveredAt: '2026-11-21T06:30:00.000Z',
  payableAt: '2026-11-28T06:30:00.000Z',
  state: 'in_return_window',
  kind: 'sale',
  description: '1 × Laptop',
  payoutId: null,
  reversedAt: null,
  ...overrides,
});
const ledger: LedgerResponse = {
  items: [
    // Sold at ₹61,100.00; the customer's 10% coupon took ₹6,110.00 off it.
    entry({ couponSharePaise: 6_110_00 }),
    entry({ id: 'led_2', orderNumber: 'SC-100031', state: 'reversed', intraState: false }),
    entry({
      id: 'led_3',
      orderNumber: 'SC-100017',
      kind: 'refund',
      description: 'Refund of 1 × Lenovo IdeaPad Slim 5 on order SC-100017',
      quantity: -1,
      salePaise: -54_990_00,
      taxablePaise: -46_601_69,
      commissionPaise: -2_749_50,
      commissionGstPaise: -494_91,
      tcsPaise: -233_00,
      tdsPaise: -54_99,
      netPaise: -51_457_60,
      deliveredAt: '2026-11-24T06:30:00.000Z',
      payableAt: '2026-11-24T06:30:00.000Z',
      state: 'payable',
    }),
  ],
  total: 3,
  page: 1,
  pageSize: 20,
  totals: {
    salePaise: 54_990_00,
    couponSharePaise: 6_110_00,
    commissionPaise: 2_749_50,
    commissionGstPaise: 494_91,
    tcsPaise: 233_00,
    tdsPaise: 54_99,
    courierChargePaise: 0,
    netPaise: 51_457_60,
  },
};

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/vendor/payouts', element: <VendorPayoutsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const answers = (payouts: () => Response) =>
  vi.fn(async (url: string) =>
    url.startsWith('/api/vendor/payouts/ledger') ? json(ledger) : url === '/api/vendor/payouts' ? payouts() : json({}, 404),
  );

/** The answers above, and the vendor's profile with or without a bank account. */
const withProfile = (bankAccount: { holderName: string; maskedNumber: string; ifsc: string } | null) => {
  const base = answers(() => json(summary));
  return vi.fn(async (url: string) =>
    url === '/api/vendor/profile' ? json({ profile: { status: 'approved', bankAccount }, changes: [] }) : base(url),
  );
};

describe('the vendor payouts page', () => {
  it('warns a seller whose profile has no bank account that payouts wait, links to its bank section, and never says money went to their bank account', async () => {
    vi.stubGlobal('fetch', withProfile(null));
    renderAt('/vendor/payouts');
    expect(await screen.findByText('Add a bank account to be paid')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a bank account in your profile' })).toHaveAttribute(
      'href',
      '/vendor/profile#bank-account',
    );
    const money = await screen.findByLabelText('Your money');
    expect(money).not.toHaveTextContent(/your bank account\./);
    expect(money).not.toHaveTextContent('bank transfer is on its way');
    expect(money).toHaveTextContent('₹20,000.00 is in payouts that wait for a bank account.');
    expect(money).toHaveTextContent('It is transferred once you add a bank account.');
    expect(money).toHaveTextContent('Paid to date₹1,02,915.18Transferred to the bank account your profile had then.');
  });

  it("tells the shop's own store that its sales carry no commission, TCS or TDS, and lists no rates to it", async () => {
    vi.stubGlobal(
      'fetch',
      answers(() => json({ ...summary, rates: { ...summary.rates, ownStore: true } })),
    );
    renderAt('/vendor/payouts');
    const deductions = await screen.findByRole('region', { name: 'What is deducted, and why' });
    expect(deductions).toHaveTextContent('Your own store’s sales: no commission, TCS or TDS');
    expect(deductions).toHaveTextContent('these sales are not in GSTR-8');
    expect(deductions).not.toHaveTextContent('Laptop 5%');
    expect(deductions).not.toHaveTextContent('You are charged');
    expect(deductions).not.toHaveTextContent('less the four deductions');
  });

  it('says nothing of a missing bank account to a seller who has one', async () => {
    vi.stubGlobal('fetch', withProfile({ holderName: 'Pune Tech Hub', maskedNumber: 'XXXXXX4321', ifsc: 'HDFC0001234' }));
    renderAt('/vendor/payouts');
    const money = await screen.findByLabelText('Your money');
    expect(money).toHaveTextContent('Transferred to your bank account.');
    expect(screen.queryByText('Add a bank account to be paid')).not.toBeInTheDocument();
  });

  it('shows the three totals, the weekly payouts with their bank references, the deductions with their law, and the statement downloads', async () => {
    vi.stubGlobal(
      'fetch',
      answers(() => json(summary)),
    );
    renderAt('/vendor/payouts');
    const money = await screen.findByLabelText('Your money');
    expect(money).toHaveTextContent('Payable now₹52,000.00');
    expect(money).toHaveTextContent(
      '₹20,000.00 is in payouts whose bank transfer is on its way. ₹32,000.00 goes into the payout settled on Monday 30 Nov 2026.',
    );
    expect(money).toHaveTextContent('In the return window₹31,250.50');
    expect(money).toHaveTextContent('Paid to date₹1,02,915.18');

    const payouts = screen.getByRole('table', { name: 'Your weekly payouts' });
    const [pending, paid] = within(payouts).getAllByRole('row').slice(1);
    expect(pending).toHaveTextContent('16 Nov 2026 – 22 Nov 2026');
    expect(pending).toHaveTextContent('To be paid');
    expect(paid).toHaveTextContent('− ₹7,064.82');
    expect(paid).toHaveTextContent('₹1,02,915.18');
    expect(paid).toHaveTextContent('UTR HDFCN52026111800401');

    const deductions = screen.getByRole('region', { name: 'What is deducted, and why' });
    expect(deductions).toHaveTextContent('Laptop 5%');
    expect(deductions).toHaveTextContent('0.5% of the value before GST, collected since 10 Jul 2024 under Section 52 of the CGST Act');
    expect(deductions).toHaveTextContent('Section 194-O of the Income-tax Act');
    expect(deductions).toHaveTextContent('You are charged 0.1%.');

    const month = currentMonth();
    for (const format of ['csv', 'pdf']) {
      const link = screen.getByRole('link', { name: new RegExp(`\\(${format.toUpperCase()}\\)$`) });
      expect(link).toHaveAttribute('href', `/api/vendor/payouts/statements/${month}.${format}`);
    }
  });

  it('lists the ledger with each line’s deductions and state, and keeps its filters in the address', async () => {
    const fetch = answers(() => json(summary));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/vendor/payouts?month=2026-11');
    const table = await screen.findByRole('table', { name: 'Your delivered lines (3 in all)' });
    expect(fetch).toHaveBeenCalledWith('/api/vendor/payouts/ledger?page=1&pageSize=20&month=2026-11&sort=-delivered', expect.anything());
    const [first, second, refund] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('₹2,749.505%');
    expect(first).toHaveTextContent('CGST + SGST');
    expect(first).toHaveTextContent('Payable from 28 Nov 2026');
    // The coupon's share that made the sale lower than the price, and who bears it.
    expect(within(first!).getByText('after ₹6,110.00 coupon')).toBeVisible();
    expect(second).not.toHaveTextContent('coupon');
    expect(screen.getByText(/When they used a shop coupon/)).toHaveTextContent(
      'you bear it, so the sale is less than your price by that share (shown under it)',
    );
    expect(second).toHaveTextContent('Refunded (reversed)');
    expect(second).toHaveTextContent('IGST');
    // Returned and refunded: every figure struck through, as the totals leave the line out.
    expect(second).toHaveTextContent('Returned and refunded: not paid, nothing deducted');
    expect(within(second!).getAllByText(/^reversed:/).length).toBe(6);
    expect(within(first!).queryByText(/^reversed:/)).not.toBeInTheDocument();
    // A refund of a delivered unit after it was paid out: a line of its own, taken off the next payout.
    expect(refund).toHaveTextContent('Refund of 1 × Lenovo IdeaPad Slim 5 on order SC-100017');
    expect(refund).toHaveTextContent('-₹51,457.60');
    expect(refund).toHaveTextContent('Payable');
    // The totals reconcile: the lines at their prices, less the coupon share, are the sales the deductions are worked out on.
    const totals = screen.getByText(/^3 lines:/);
    expect(totals).toHaveTextContent(
      '3 lines: at your prices ₹61,100.00, less coupon share ₹6,110.00, sales ₹54,990.00 (less refunds; the commission, TCS and TDS are worked out on the sales), deductions ₹3,532.40, you get ₹51,457.60 (refunded lines left out).',
    );

    await userEvent.setup().selectOptions(screen.getByLabelText('State'), 'payable');
    expect(router.state.location.search).toBe('?month=2026-11&state=payable');
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/vendor/payouts/ledger?page=1&pageSize=20&month=2026-11&state=payable&sort=-delivered',
      expect.anything(),
    );
  });

  it('says what failed and loads again on Retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      answers(() => (fail ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500) : json(summary))),
    );
    renderAt('/vendor/payouts');
    expect(await screen.findByText('What you are owed could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByText('Paid to date')).toBeInTheDocument();
  });
});
