import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductDetailResponse, ProductOffer, ProductOption, ProductVariant } from '~/shared/schemas/catalogue';
import { chooseVariant, shownProduct } from './variant-choice';
import { VariantPicker } from './variant-picker';

const offer = (id: string, pricePaise: number, stock: number): ProductOffer => ({
  id,
  seller: { id: 'ven_a', name: 'Kothrud Laptops', city: 'Pune' },
  pricePaise,
  deliveredPricePaise: pricePaise,
  deliveryPaise: 0,
  dispatchDays: 1,
  stock,
  stockStatus: stock > 0 ? 'in_stock' : 'out_of_stock',
  sellerDetails: {
    legalName: 'Kothrud Laptops Pvt Ltd',
    address: 'Kothrud, Pune, Maharashtra 411038',
    carePhone: '+91 98220 45678',
    careEmail: 'care@kothrud.example',
    rating: null,
  },
  condition: 'new',
  grade: null,
  warranty: '1 year',
  warrantyMonths: 12,
  sellerOnTime: null,
});

const variant = (id: string, ram: string, storage: string, winner: ProductOffer | null, reason: string | null = null): ProductVariant => ({
  id,
  options: { ram, storage },
  slug: `${ram} ${storage}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  label: `${ram} · ${storage}`,
  sku: null,
  mrpPaise: 99_000_00,
  specifications: [{ group: 'Performance', label: 'RAM', value: ram }],
  images: [],
  available: winner !== null,
  unavailableReason: reason,
  winner,
  others: [],
});

const V16 = variant('prd_e14', '16 GB', '512 GB SSD', offer('prd_e14', 68_990_00, 10));
const V32 = variant('pvr_32', '32 GB', '1 TB SSD', offer('ofr_32', 84_990_00, 3));
const V8 = variant('pvr_8', '8 GB', '512 GB SSD', null, 'Out of stock with this seller.');
const VARIANTS = [V16, V32, V8];
const OPTIONS: ProductOption[] = [
  { key: 'ram', label: 'RAM', values: ['16 GB', '32 GB', '8 GB'] },
  { key: 'storage', label: 'Storage', values: ['512 GB SSD', '1 TB SSD'] },
];

function Picker({ onChoose }: { onChoose: (v: ProductVariant) => void }) {
  const [current, setCurrent] = useState(V16);
  return (
    <VariantPicker
      options={OPTIONS}
      variants={VARIANTS}
      current={current}
      onChoose={(v) => {
        onChoose(v);
        setCurrent(v);
      }}
    />
  );
}

describe('the configuration picker', () => {
  it('is one radio group per option with the configuration shown checked', () => {
    render(<Picker onChoose={() => undefined} />);
    const ram = screen.getByRole('group', { name: 'RAM: 16 GB' });
    expect(
      within(ram)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['16 GB', '32 GB', '8 GB']);
    expect(within(ram).getByRole('radio', { name: /^16 GB/ })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Storage: 512 GB SSD' })).getByRole('radio', { name: /^512 GB SSD/ })).toBeChecked();
  });

  it('disables a configuration that cannot be bought and says why in text', () => {
    render(<Picker onChoose={() => undefined} />);
    const eight = screen.getByRole('radio', { name: '8 GB' });
    expect(eight).toBeDisabled();
    expect(eight).toHaveAccessibleDescription('Out of stock with this seller.');
    expect(screen.getByText('Out of stock with this seller.')).toBeVisible();
  });

  it('says which other option changes with a value only made with it, and opens that configuration', async () => {
    const onChoose = vi.fn();
    render(<Picker onChoose={onChoose} />);
    const user = userEvent.setup();
    const thirtyTwo = screen.getByRole('radio', { name: '32 GB' });
    expect(thirtyTwo).toHaveAccessibleDescription('With 1 TB SSD');
    await user.click(thirtyTwo);
    expect(onChoose).toHaveBeenCalledWith(V32);
    expect(screen.getByRole('radio', { name: /^32 GB/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Storage: 1 TB SSD' })).toBeInTheDocument();
  });

  it('moves within a group with the arrow keys', async () => {
    const onChoose = vi.fn();
    render(<Picker onChoose={onChoose} />);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('radio', { name: /^16 GB/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChoose).toHaveBeenCalledWith(V32);
  });
});

describe('the product shown for a configuration', () => {
  const page: ProductDetailResponse = {
    returnTerms: 'Returnable within 7 days of delivery',
    product: {
      id: 'prd_e14',
      slug: 'thinkpad-e14',
      name: 'ThinkPad E14',
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
      model: null,
      description: '',
      images: [],
      vendor: { id: 'ven_a', name: 'Kothrud Laptops', city: 'Pune' },
      specifications: [
        { group: 'Performance', label: 'Processor', value: 'Intel Core i5-1335U' },
        { group: 'Performance', label: 'RAM', value: '16 GB' },
      ],
      warranty: '1 year',
      warrantyMonths: 12,
      hsnCode: '8471',
      ratingBreakdown: [0, 0, 0, 0, 0],
      origin: { country: null, makerRole: 'Manufacturer', makerName: null, makerAddress: null },
      quantityLimits: { consumer: 100, business: 200 },
      status: 'active',
      createdAt: '2026-12-03T00:00:00.000Z',
    },
    options: OPTIONS,
    variants: VARIANTS,
    selectedVariantId: 'prd_e14',
  };

  it('opens the configuration ?variant= names by id or slug, else the one the server chose', () => {
    expect(chooseVariant(page, null)).toBe(V16);
    expect(chooseVariant(page, 'pvr_32')).toBe(V32);
    expect(chooseVariant(page, '32-gb-1-tb-ssd')).toBe(V32);
    expect(chooseVariant(page, 'no-such')).toBe(V16);
  });

  it("takes the winner's price and stock and the configuration's MRP and specifications", () => {
    const shown = shownProduct(page, V32);
    expect(shown).toMatchObject({ pricePaise: 84_990_00, mrpPaise: 99_000_00, discountPercent: 14, stock: 3 });
    expect(shown.specifications).toEqual([
      { group: 'Performance', label: 'Processor', value: 'Intel Core i5-1335U' },
      { group: 'Performance', label: 'RAM', value: '32 GB' },
    ]);
    expect(shownProduct(page, V8)).toMatchObject({ stock: 0, stockStatus: 'out_of_stock' });
  });
});
