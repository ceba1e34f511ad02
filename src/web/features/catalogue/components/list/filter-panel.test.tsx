import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProductFacetsResponse } from '~/shared/schemas/catalogue';
import { ActiveFilters } from './active-filters';
import { FilterPanel } from './filter-panel';
import { activeChips, clearFilters } from './list-state';
import { useListState } from './use-list-state';

const facets: ProductFacetsResponse = {
  total: 42,
  facets: {
    brand: [
      { value: 'Lenovo', label: 'Lenovo', count: 18 },
      { value: 'Dell', label: 'Dell', count: 9 },
      { value: 'Acer', label: 'Acer', count: 0 },
    ],
    ram: [
      { value: '8', label: '8 GB', count: 6 },
      { value: '16', label: '16 GB', count: 25 },
    ],
    storage: [],
    cpu: [],
    size: [],
    resolution: [{ value: 'WUXGA', label: 'WUXGA', count: 8 }],
    panel: [],
    refresh: [],
  },
  price: {
    min: 32990,
    max: 189990,
    buckets: [
      { min: null, max: 50000, label: 'Under ₹50,000', count: 12 },
      { min: 50000, max: 100000, label: '₹50,000 – ₹1,00,000', count: 22 },
      { min: 100000, max: null, label: 'Over ₹1,00,000', count: 0 },
    ],
  },
  inStockCount: 39,
};

/** The sidebar and the chips of the laptop page, wired to the URL as the screen wires them. */
function LaptopFilters() {
  const { state, go } = useListState('products', 'Laptop');
  return (
    <>
      <ActiveFilters chips={activeChips(state, facets.facets)} onChange={go} onClearAll={() => go(clearFilters(state))} />
      <FilterPanel state={state} facets={facets} onChange={go} />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/category/:category', element: <LaptopFilters /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const url = (router: ReturnType<typeof renderAt>) => `${router.state.location.pathname}${router.state.location.search}`;

describe('filter panel', () => {
  it('shows each value with its count and disables values that would match nothing', () => {
    renderAt('/category/Laptop');
    const brand = screen.getByRole('group', { name: 'Brand' });
    expect(within(brand).getByRole('checkbox', { name: 'Lenovo, 18 products' })).toBeEnabled();
    expect(within(brand).getByRole('checkbox', { name: 'Acer, 0 products' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'In stock only, 39 products' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Over ₹1,00,000, 0 products' })).toBeDisabled();
    // Filters without values here are not offered at all.
    expect(screen.queryByRole('group', { name: 'Storage' })).not.toBeInTheDocument();
  });

  it('puts each choice into the URL as a new history entry and goes back to page 1', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/Laptop?sort=price_asc&page=3');
    await user.click(screen.getByRole('checkbox', { name: 'Dell, 9 products' }));
    expect(url(router)).toBe('/category/Laptop?brand=Dell&sort=price_asc');
    await user.click(screen.getByRole('checkbox', { name: '16 GB, 25 products' }));
    expect(url(router)).toBe('/category/Laptop?brand=Dell&ram=16&sort=price_asc');
    expect(screen.getByRole('checkbox', { name: '16 GB, 25 products' })).toBeChecked();

    await act(() => router.navigate(-1));
    expect(url(router)).toBe('/category/Laptop?brand=Dell&sort=price_asc');
    expect(screen.getByRole('checkbox', { name: '16 GB, 25 products' })).not.toBeChecked();
  });

  it('folds the display filters on the laptop page until asked, unless one of them is chosen', async () => {
    const user = userEvent.setup();
    renderAt('/category/Laptop');
    const fold = screen.getByRole('button', { name: 'Resolution' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox', { name: 'WUXGA, 8 products' })).not.toBeInTheDocument();
    await user.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'WUXGA, 8 products' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'RAM' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a chosen value from a shared link even when the facets no longer list it', () => {
    renderAt('/category/Laptop?brand=Apple');
    expect(screen.getByRole('checkbox', { name: 'Apple, 0 products' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Apple, 0 products' })).toBeEnabled();
  });

  it('applies a price bucket and a custom range, and refuses a minimum above the maximum', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/Laptop');
    await user.click(screen.getByRole('radio', { name: 'Under ₹50,000, 12 products' }));
    expect(url(router)).toBe('/category/Laptop?price_max=50000');

    await user.type(screen.getByLabelText('Min price'), '90,000');
    await user.type(screen.getByLabelText('Max price'), '60000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The maximum price must not be below the minimum price');
    expect(screen.getByLabelText('Max price')).toHaveAttribute('aria-invalid', 'true');
    expect(url(router)).toBe('/category/Laptop?price_max=50000');

    await user.clear(screen.getByLabelText('Max price'));
    await user.type(screen.getByLabelText('Max price'), '1,20,000{Enter}');
    expect(url(router)).toBe('/category/Laptop?price_min=90000&price_max=120000');
    expect(screen.getByRole('radio', { name: 'Any price' })).not.toBeChecked();
  });

  it('removes one filter with its chip, and all of them with Clear all', async () => {
    const user = userEvent.setup();
    const router = renderAt('/category/Laptop?brand=Lenovo,Dell&in_stock=true&sort=newest');
    await user.click(screen.getByRole('button', { name: 'Remove filter Brand: Lenovo' }));
    expect(url(router)).toBe('/category/Laptop?brand=Dell&in_stock=true&sort=newest');
    // The focus moves to the chip that took the removed one's place.
    expect(screen.getByRole('button', { name: 'Remove filter Brand: Dell' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(url(router)).toBe('/category/Laptop?sort=newest');
    expect(screen.queryByRole('button', { name: /Remove filter/ })).not.toBeInTheDocument();
  });
});
