import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, item, json, renderAt } from '../test-fixtures';
import { TaxInvoicePage } from './tax-invoice';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TaxInvoicePage', () => {
  it('shows the seller GSTIN, HSN, CGST and SGST lines, the total in words, and prints', async () => {
    const order = detail({
      totals: { ...detail().totals, totalPaise: 1_23_456_50 },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderAt(<TaxInvoicePage orderId="ord_1" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeInTheDocument();
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('INV-SC-2611-0001');
    expect(screen.getByTestId('invoice-seller')).toHaveTextContent('GSTIN: 27AAUFS4821K1ZK');
    expect(screen.getByTestId('invoice-seller')).toHaveTextContent('State: Maharashtra');
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['HSN', 'CGST', 'SGST']));
    expect(headers).not.toContain('IGST');
    const line = screen.getByTestId('invoice-line');
    expect(line).toHaveTextContent('8471');
    expect(line).toHaveTextContent('₹46,601.69');
    expect(line).toHaveTextContent('18%');
    expect(line).toHaveTextContent('₹4,194.15');
    expect(screen.getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    );
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/orders/ord_1/invoice.pdf');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('uses IGST columns for a delivery to another state', async () => {
    const order = detail({ intraState: false, items: [item({ cgstPaise: 0, sgstPaise: 0, igstPaise: 8_388_31 })] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order })),
    );
    renderAt(<TaxInvoicePage orderId="ord_1" />);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('IGST');
    expect(headers).not.toContain('CGST');
  });

  it('says clearly when the order has no invoice yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { order: detail({ status: 'pending_payment', invoice: null }) })),
    );
    renderAt(<TaxInvoicePage orderId="ord_1" />);
    expect(await screen.findByRole('heading', { name: 'The invoice is not available yet' })).toBeInTheDocument();
    expect(screen.getByText(/waiting for payment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});
