import { describe, expect, it } from 'vitest';
import { parseListState } from '~/shared/catalogue';
import {
  activeChips,
  clearFilters,
  listHref,
  pageNumbers,
  setSort,
  switchCategory,
  toggleFilterValue,
  validatePriceInputs,
} from './list-state';

const at = (query: string, category: Parameters<typeof parseListState>[1] = null) => parseListState(new URLSearchParams(query), category);

describe('list state in the URL', () => {
  it('adding a filter value goes back to page 1 and keeps the rest', () => {
    const state = at('brand=Dell&sort=price_asc&page=3', 'Laptop');
    expect(listHref(toggleFilterValue(state, 'brand', 'HP'), 'products')).toBe('/category/Laptop?brand=Dell%2CHP&sort=price_asc');
    expect(listHref(toggleFilterValue(state, 'brand', 'Dell'), 'products')).toBe('/category/Laptop?sort=price_asc');
  });

  it('changing the sort goes back to page 1', () => {
    expect(listHref(setSort(at('page=4'), 'newest'), 'products')).toBe('/products?sort=newest');
  });

  it('the search page keeps its category in the query', () => {
    const state = { ...at('q=thinkpad&ram=16'), category: 'Laptop' as const };
    expect(listHref(state, 'search')).toBe('/search?q=thinkpad&ram=16&category=Laptop');
  });

  it('switching to monitors drops the computer filters and keeps brand, price, stock and sort', () => {
    const state = at('brand=Dell&ram=16&cpu=Intel+Core+i5&price_max=80000&in_stock=true&sort=rating&page=2', 'Laptop');
    expect(listHref(switchCategory(state, 'Monitor'), 'products')).toBe(
      '/category/Monitor?brand=Dell&price_max=80000&in_stock=true&sort=rating',
    );
    expect(listHref(switchCategory(state, null), 'products')).toBe(
      '/products?brand=Dell&ram=16&cpu=Intel+Core+i5&price_max=80000&in_stock=true&sort=rating',
    );
  });

  it('switching from monitors to laptops drops the panel filters', () => {
    const state = at('refresh=144&panel=IPS&size=27', 'Monitor');
    expect(listHref(switchCategory(state, 'Laptop'), 'products')).toBe('/category/Laptop?size=27');
  });

  it('clearing the filters keeps the search text and the sort', () => {
    expect(listHref(clearFilters(at('q=dell&brand=Dell&price_min=1000&in_stock=true&sort=newest&page=2')), 'search')).toBe(
      '/search?q=dell&sort=newest',
    );
  });
});

describe('filter chips', () => {
  it('say what is chosen, with the facet labels when known, and each removes only itself', () => {
    const state = at('q=gaming&brand=ASUS&ram=16,32&storage=1024&price_min=50000&price_max=90000&in_stock=true');
    const facets = { brand: [{ value: 'ASUS', label: 'ASUS', count: 4 }], ram: [{ value: '16', label: '16 GB', count: 3 }] };
    const chips = activeChips(state, { ...emptyFacets(), ...facets }, { showQuery: true });
    expect(chips.map((c) => c.label)).toEqual([
      'Search: “gaming”',
      'Brand: ASUS',
      'RAM: 16 GB',
      'RAM: 32 GB',
      'Storage: 1 TB',
      'Price: ₹50,000 – ₹90,000',
      'In stock only',
    ]);
    const withoutRam16 = chips.find((c) => c.id === 'ram:16')!.without;
    expect(listHref(withoutRam16, 'products')).toBe(
      '/products?q=gaming&brand=ASUS&ram=32&storage=1024&price_min=50000&price_max=90000&in_stock=true',
    );
  });

  it('leave the search text out on the search page (it is the heading there)', () => {
    expect(activeChips(at('q=dell'), undefined)).toEqual([]);
  });
});

describe('custom price range', () => {
  it('takes whole rupees with or without commas and ₹', () => {
    expect(validatePriceInputs('₹40,000', ' 80000 ')).toEqual({ ok: true, min: 40000, max: 80000 });
    expect(validatePriceInputs('', '50000')).toEqual({ ok: true, min: null, max: 50000 });
  });

  it('refuses a minimum above the maximum, decimals and negative numbers', () => {
    expect(validatePriceInputs('90000', '50000')).toMatchObject({ ok: false, field: 'max' });
    expect(validatePriceInputs('499.50', '')).toMatchObject({ ok: false, field: 'min' });
    expect(validatePriceInputs('', '-5')).toMatchObject({ ok: false, field: 'max' });
  });
});

describe('page links', () => {
  it('show the first, the last and the neighbours of the current page', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 'gap', 5]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(6, 11)).toEqual([1, 'gap', 5, 6, 7, 'gap', 11]);
  });
});

function emptyFacets() {
  return { brand: [], ram: [], storage: [], cpu: [], size: [], resolution: [], panel: [], refresh: [] };
}
