import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeResponse, ProductCard } from '~/shared/schemas/catalogue';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';
import HomePage from './home';

function card(id: string, name: string, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id,
    slug: id,
    name,
    brand: 'Lenovo',
    category: 'Laptop',
    pricePaise: 5_499_000,
    mrpPaise: 7_499_000,
    discountPercent: 26,
    stock: 10,
    stockStatus: 'in_stock',
    ratingAvg: 4.3,
    ratingCount: 128,
    keySpecs: ['Intel Core i5-13420H', '16 GB RAM · 512 GB SSD'],
    image: null,
    vendorName: 'Sahyadri Computers',
    ...overrides,
  };
}

const home: HomeResponse = {
  categories: [
    { category: 'Laptop', count: 1234, fromPaise: 2_899_000, image: null },
    { category: 'Monitor', count: 1, fromPaise: 749_900, image: null },
  ],
  featured: [card('prd_featured', 'ASUS ProArt PA278CGV')],
  deals: [card('prd_deal', 'Lenovo IdeaPad Slim 3')],
  bestSellers: [card('prd_best', 'HP Victus 15')],
  newArrivals: [card('prd_new', 'Dell 27 Plus S2725DS', { category: 'Monitor', brand: 'Dell' })],
  brands: [
    { brand: 'Lenovo', count: 12 },
    { brand: 'Dell', count: 1 },
  ],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, { user: null });
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the rows, category counts with "from" prices, and brand links from the home call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, home)),
    );
    renderHome();

    const deals = await screen.findByRole('region', { name: 'Top deals' });
    expect(await within(deals).findByRole('link', { name: 'Lenovo IdeaPad Slim 3' })).toHaveAttribute('href', '/product/prd_deal');
    expect(within(deals).getByRole('button', { name: 'Save to wishlist: Lenovo IdeaPad Slim 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('region', { name: 'Best sellers' })).toHaveTextContent('HP Victus 15');
    expect(screen.getByRole('region', { name: 'New arrivals' })).toHaveTextContent('Dell 27 Plus S2725DS');
    // The shop's featured products come first.
    const rows = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(rows.indexOf('featured-heading')).toBeLessThan(rows.indexOf('deals-heading'));
    expect(screen.getByRole('region', { name: 'Featured' })).toHaveTextContent('ASUS ProArt PA278CGV');

    const categories = screen.getByRole('region', { name: 'Shop by category' });
    expect(within(categories).getByRole('link', { name: /^Laptops/ })).toHaveTextContent('1,234 products · from ₹28,990');
    expect(within(categories).getByRole('link', { name: /^Monitors/ })).toHaveTextContent('1 product · from ₹7,499');
    expect(within(categories).getByRole('link', { name: /^Desktops/ })).toHaveTextContent('No products listed yet');

    const brands = screen.getByRole('region', { name: 'Shop by brand' });
    expect(within(brands).getByRole('link', { name: 'Lenovo 12 products' })).toHaveAttribute('href', '/products?brand=Lenovo');
    expect(within(brands).getByRole('link', { name: 'Dell 1 product' })).toHaveAttribute('href', '/products?brand=Dell');
  });

  it('says the products could not be loaded and loads them on Retry', async () => {
    const fetch = vi.fn(async () => json(503, { error: { code: 'UNAVAILABLE', message: 'The shop is busy. Please try again.' } }));
    vi.stubGlobal('fetch', fetch);
    renderHome();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Our products could not be loaded');
    expect(alert).toHaveTextContent('The shop is busy. Please try again.');
    // The category links and the shop's promises do not depend on the call.
    expect(screen.getByRole('link', { name: /^Laptops/ })).toHaveAttribute('href', '/category/Laptop');
    expect(screen.getByRole('region', { name: 'Why buy from us' })).toHaveTextContent('Cash on delivery');

    fetch.mockImplementation(async () => json(200, home));
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Lenovo IdeaPad Slim 3' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the catalogue is being set up when nothing is listed yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { categories: [], deals: [], bestSellers: [], newArrivals: [], brands: [] })),
    );
    renderHome();
    expect(await screen.findByText('Our online catalogue is being set up')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Top deals' })).not.toBeInTheDocument();
  });
});
