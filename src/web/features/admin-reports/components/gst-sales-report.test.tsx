import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GstSalesReport } from '~/shared/schemas/reports';
import { GstSalesReportView } from './gst-sales-report';
import { ReportFilters } from './report-filters';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tax = { taxablePaise: 100_000_00, cgstPaise: 9_000_00, sgstPaise: 9_000_00, igstPaise: 0, cessPaise: 0 };
const report: GstSalesReport = {
  month: '2026-10',
  seller: null,
  sellers: [{ id: 'v1', name: 'Deccan Laptops LLP', gstin: '27AAAPL1234C1Z5', state: 'Maharashtra' }],
  invoices: 3,
  b2b: [],
  cdnr: [],
  b2cl: [
    {
      invoiceNumber: 'INV-SC-100002',
      invoiceDate: '2026-10-08T06:00:00.000Z',
      orderNumber: 'SC-100002',
      sellerName: 'Deccan Laptops LLP',
      placeOfSupply: { code: '29', name: 'Karnataka' },
      invoiceValuePaise: 1_41_600_00,
      rateBp: 1800,
      taxablePaise: 1_20_000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 21_600_00,
      cessPaise: 0,
    },
  ],
  b2c: [{ placeOfSupply: { code: '27', name: 'Maharashtra' }, supplyType: 'intra', rateBp: 1800, ...tax }],
  cdnur: [],
  hsn: [{ hsnCode: '8471', description: 'Laptops', uqc: 'NOS', rateBp: 1800, quantity: 2, totalValuePaise: 118_000_00, ...tax }],
  creditNotes: [
    {
      number: 'INV-SC-100001-CN1',
      date: '2026-10-12T06:00:00.000Z',
      orderNumber: 'SC-100001',
      placeOfSupply: { code: '27', name: 'Maharashtra' },
      reason: 'Cancelled',
      taxablePaise: 10_000_00,
      cgstPaise: 900_00,
      sgstPaise: 900_00,
      igstPaise: 0,
      cessPaise: 0,
      shippingPaise: 0,
      totalPaise: 11_800_00,
    },
  ],
  totals: {
    invoiced: { ...tax, shippingPaise: 99_00, totalPaise: 118_099_00 },
    credited: {
      taxablePaise: 10_000_00,
      cgstPaise: 900_00,
      sgstPaise: 900_00,
      igstPaise: 0,
      cessPaise: 0,
      shippingPaise: 0,
      totalPaise: 11_800_00,
    },
    net: {
      taxablePaise: 90_000_00,
      cgstPaise: 8_100_00,
      sgstPaise: 8_100_00,
      igstPaise: 0,
      cessPaise: 0,
      shippingPaise: 99_00,
      totalPaise: 106_299_00,
    },
  },
};

function renderReport() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <GstSalesReportView filter={{ month: '2026-10' }} />
    </QueryClientProvider>,
  );
}

describe('GstSalesReportView', () => {
  it('shows B2C large invoices one by one, B2C others by place of supply, the HSN summary, the credit notes and the net total', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, report));
    vi.stubGlobal('fetch', fetchMock);
    renderReport();
    const large = await screen.findByRole('table', { name: 'B2C large: inter-state invoices above ₹1,00,000 (table 5)' });
    expect(within(large).getByRole('cell', { name: 'INV-SC-100002' })).toBeInTheDocument();
    expect(within(large).getAllByRole('cell', { name: '₹1,41,600.00' })).toHaveLength(2); // the invoice and the total
    const b2c = screen.getByRole('table', { name: 'B2C others by place of supply and rate, net of their credit notes (table 7)' });
    expect(within(b2c).getByRole('cell', { name: '27 – Maharashtra' })).toBeInTheDocument();
    expect(screen.getByText('No credit note against a B2C large invoice in this month.')).toBeInTheDocument();
    expect(screen.getByText(/3 invoices in October 2026\./)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/reports/gst-sales?month=2026-10');
    // Each table's title is a heading too, above the box that scrolls sideways on a phone.
    expect(screen.getByRole('heading', { level: 2, name: 'HSN summary (net of credit notes)' })).toBeInTheDocument();
    const hsn = screen.getByRole('table', { name: 'HSN summary (net of credit notes)' });
    expect(within(hsn).getByRole('cell', { name: 'NOS' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'All credit notes issued' })).getByText('INV-SC-100001-CN1')).toBeInTheDocument();
    const net = within(screen.getByRole('table', { name: 'Totals' }))
      .getByText('Net of credit notes')
      .closest('tr')!;
    expect(within(net).getByText('₹1,06,299.00')).toBeInTheDocument();
  });

  it('says what failed and loads again on Retry', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(500, { error: { code: 'INTERNAL', message: 'The server had a problem.' } }))
      .mockResolvedValueOnce(json(200, { ...report, b2cl: [], b2c: [], hsn: [], creditNotes: [] }));
    vi.stubGlobal('fetch', fetchMock);
    renderReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No other B2C supplies in this month.')).toBeInTheDocument();
    expect(screen.getByText('No inter-state invoice above ₹1,00,000 in this month.')).toBeInTheDocument();
    expect(screen.getByText('No credit notes issued in this month.')).toBeInTheDocument();
  });
});

describe('ReportFilters', () => {
  it('picks a month and a seller, and links the CSV download', async () => {
    const onMonth = vi.fn();
    const onVendor = vi.fn();
    render(
      <ReportFilters
        month="2026-10"
        maxMonth="2026-11"
        onMonth={onMonth}
        sellers={report.sellers}
        onVendor={onVendor}
        csvUrl="/api/admin/reports/gst-sales.csv?month=2026-10"
        csvLabel="GST sales report"
      />,
    );
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    await userEvent.selectOptions(screen.getByLabelText('Seller'), 'v1');
    expect(onVendor).toHaveBeenCalledWith('v1');
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', '/api/admin/reports/gst-sales.csv?month=2026-10');
  });
});
