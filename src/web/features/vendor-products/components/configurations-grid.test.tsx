import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ConfigurationsInput, ConfigurationsResponse } from '~/shared/schemas/product-configurations';
import { ApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { ConfigurationsSection } from './configurations-grid';

vi.mock('~/web/lib/toast');

const answer: ConfigurationsResponse = {
  productId: 'prd_1',
  productName: 'ThinkPad E14',
  category: 'Laptop',
  allowedOptionKeys: ['processor', 'ram', 'storage', 'colour'],
  optionKeys: ['ram', 'storage'],
  configurations: [
    {
      variantId: 'prd_1',
      options: { ram: '16 GB', storage: '512 GB SSD' },
      label: '16 GB · 512 GB SSD',
      sku: 'E14-16-512',
      ean: null,
      status: 'active',
      mrpPaise: 109_990_00,
      hsnCode: '84713010',
      gstRateBp: 1800,
      processor: 'Intel Core Ultra 5 125U',
      ramGb: 16,
      storageGb: 512,
      storageType: 'SSD',
      screenSizeIn: 14,
      colour: null,
      offer: { offerId: 'prd_1', pricePaise: 74_990_00, stock: 5, dispatchDays: 1 },
      ordered: false,
      otherOffers: [],
    },
  ],
};

function renderGrid(save: (body: ConfigurationsInput) => Promise<ConfigurationsResponse>) {
  const query = { data: answer, isPending: false, isError: false, error: null, refetch: vi.fn() } as never;
  render(<ConfigurationsSection query={query} save={save} />);
  return userEvent.setup();
}

const cell = (name: string) => screen.getByRole('textbox', { name });

describe('the configurations grid', () => {
  it('generates every combination of the values typed, sets a price and stock for the selected rows, and saves them as one grid', async () => {
    const save = vi.fn(async (_body: ConfigurationsInput) => answer);
    const user = renderGrid(save);
    const ram = screen.getByRole('textbox', { name: 'Values of RAM' });
    await user.clear(ram);
    await user.type(ram, '16 GB, 32 GB');
    const storage = screen.getByRole('textbox', { name: 'Values of Storage' });
    await user.clear(storage);
    await user.type(storage, '512 GB SSD, 1 TB SSD');
    await user.click(screen.getByRole('button', { name: 'Generate configurations' }));
    expect(toast.success).toHaveBeenCalledWith('3 configurations added: set their price and stock, then save.');

    // The new rows take their specifications from their options, and the rest from the first row.
    expect(cell('RAM, configuration 4')).toHaveValue('32 GB');
    expect(cell('Storage, configuration 4')).toHaveValue('1 TB SSD');
    expect(cell('RAM (GB), configuration 4')).toHaveValue('32');
    expect(cell('Storage (GB), configuration 4')).toHaveValue('1024');
    expect(cell('MRP (₹), configuration 4')).toHaveValue('1,09,990');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    for (const n of [3, 4]) await user.click(screen.getByRole('checkbox', { name: `Select configuration ${n}` }));
    await user.type(screen.getByRole('textbox', { name: 'Price for selected (₹)' }), '94,990');
    await user.type(screen.getByRole('textbox', { name: 'Stock for selected' }), '3');
    await user.click(screen.getByRole('button', { name: 'Set for 2 selected' }));
    expect(cell('Price (₹), configuration 4')).toHaveValue('94,990');
    expect(cell('Stock, configuration 3')).toHaveValue('3');
    expect(cell('Stock, configuration 2')).toHaveValue('0');

    await user.click(screen.getByRole('button', { name: 'Save configurations' }));
    expect(save).toHaveBeenCalledTimes(1);
    const body = save.mock.calls[0]![0];
    expect(body.optionKeys).toEqual(['ram', 'storage']);
    expect(body.configurations.map((c) => [c.options.ram, c.options.storage, c.pricePaise, c.stock])).toEqual([
      ['16 GB', '512 GB SSD', 74_990_00, 5],
      ['16 GB', '1 TB SSD', 74_990_00, 0],
      ['32 GB', '512 GB SSD', 94_990_00, 3],
      ['32 GB', '1 TB SSD', 94_990_00, 3],
    ]);
    // The first row carries the stock the seller saw; the new ones have none to carry.
    expect(body.configurations[0]).toMatchObject({ variantId: 'prd_1', stockWas: 5 });
    expect(body.configurations[1]).not.toHaveProperty('variantId');
    expect(toast.success).toHaveBeenLastCalledWith('The configurations of ThinkPad E14 are saved');
  }, 20_000);

  it('says what is wrong on the cell before sending, and puts the server’s field errors on their cells', async () => {
    const save = vi.fn(async (_body: ConfigurationsInput): Promise<ConfigurationsResponse> => {
      throw new ApiError(409, 'CONFLICT', 'Each of your SKUs names one thing you sell.', {
        'configurations.1.sku': 'Another of your products or offers has this SKU',
      });
    });
    const user = renderGrid(save);
    await user.click(screen.getByRole('button', { name: 'Add configuration' }));
    await user.type(cell('RAM, configuration 2'), '32 GB');
    await user.type(cell('Storage, configuration 2'), '1 TB SSD');
    await user.clear(cell('Price (₹), configuration 2'));
    await user.type(cell('Price (₹), configuration 2'), '1,20,000');
    await user.click(screen.getByRole('button', { name: 'Save configurations' }));
    expect(save).not.toHaveBeenCalled();
    expect(cell('Price (₹), configuration 2')).toHaveAccessibleDescription('At most the MRP, ₹1,09,990.00');
    expect(cell('Price (₹), configuration 2')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(cell('Price (₹), configuration 2'));
    await user.type(cell('Price (₹), configuration 2'), '94,990');
    await user.type(cell('Your SKU, configuration 2'), 'E14-16-512X');
    await user.click(screen.getByRole('button', { name: 'Save configurations' }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(cell('Your SKU, configuration 2')).toHaveAccessibleDescription('Another of your products or offers has this SKU');
    expect(within(screen.getByRole('alert')).getByText('Each of your SKUs names one thing you sell.')).toBeInTheDocument();
  }, 20_000);

  it('shows a skeleton while loading and an error with Retry', async () => {
    const refetch = vi.fn();
    const { rerender } = render(
      <ConfigurationsSection query={{ data: undefined, isPending: true, isError: false, error: null, refetch } as never} save={vi.fn()} />,
    );
    expect(screen.getByRole('status', { name: 'Loading the configurations' })).toBeInTheDocument();
    rerender(
      <ConfigurationsSection
        query={
          { data: undefined, isPending: false, isError: true, error: new ApiError(500, 'INTERNAL', 'The shop failed'), refetch } as never
        }
        save={vi.fn()}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /Retry/ }));
    expect(refetch).toHaveBeenCalled();
  });
});
