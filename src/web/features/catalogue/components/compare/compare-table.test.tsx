import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CompareResponse, ProductCard } from '~/shared/schemas/catalogue';
import { CompareTable } from './compare-table';

const base: ProductCard = {
  id: 'prd_e14',
  slug: 'thinkpad-e14',
  name: 'ThinkPad E14 Gen 5',
  brand: 'Lenovo',
  category: 'Laptop',
  pricePaise: 68_990_00,
  mrpPaise: 89_000_00,
  discountPercent: 22,
  stock: 10,
  stockStatus: 'in_stock',
  ratingAvg: 0,
  ratingCount: 0,
  keySpecs: [],
  image: null,
  vendorName: 'Kothrud Laptops',
};

const data: CompareResponse = {
  category: 'Laptop',
  products: [
    { ...base, configurations: { count: 3, fromPaise: 67_990_00 } },
    { ...base, id: 'prd_v15', slug: 'vostro-15', name: 'Vostro 15', brand: 'Dell', pricePaise: 45_990_00 },
  ],
  rows: [{ group: 'Performance', label: 'RAM', values: ['16 GB / 32 GB', '8 GB'], differs: true }],
};

describe('the compare table', () => {
  it('sends the shopper to choose a configuration of a product of several, and adds a product of one to the cart', async () => {
    const onAddToCart = vi.fn();
    render(<CompareTable data={data} onRemove={() => {}} onAddToCart={onAddToCart} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Choose a configuration: ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/product/prd_e14');
    expect(screen.getByText('₹67,990.00').parentElement).toHaveTextContent('From ₹67,990.00');
    expect(screen.getByRole('cell', { name: '16 GB / 32 GB' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Add to cart: ThinkPad/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Add to cart: Vostro 15/ }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ id: 'prd_v15' }));
  });
});
