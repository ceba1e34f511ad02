import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { ProductCard } from './product-card';

const card: ProductCardData = {
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

describe('a product card', () => {
  it('shows the price with MRP and discount for a product of one configuration', () => {
    render(<ProductCard product={card} />, { wrapper: MemoryRouter });
    expect(screen.getByText('₹68,990.00')).toBeVisible();
    expect(screen.queryByText(/^From/)).toBeNull();
    expect(screen.queryByText(/configurations/)).toBeNull();
  });

  it('shows "From ₹…" and the number of configurations for a product of several', () => {
    render(<ProductCard product={{ ...card, configurations: { count: 3, fromPaise: 1_23_456_00 } }} />, { wrapper: MemoryRouter });
    expect(screen.getByText('₹1,23,456.00').parentElement).toHaveTextContent('From ₹1,23,456.00');
    expect(screen.getByText('3 configurations')).toBeVisible();
    expect(screen.queryByText('₹68,990.00')).toBeNull();
  });

  it('opens the configuration that passes the list’s filters, and the product’s page without any', () => {
    const { unmount } = render(<ProductCard product={{ ...card, configurations: { count: 3, fromPaise: 84_990_00 } }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('link', { name: 'ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/product/prd_e14');
    unmount();
    render(<ProductCard product={{ ...card, configurations: { count: 3, fromPaise: 84_990_00, variantId: 'pvr_e14_32' } }} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByRole('link', { name: 'ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/product/prd_e14?variant=pvr_e14_32');
  });
});
