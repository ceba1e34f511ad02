import { describe, expect, it } from 'vitest';
import { CATEGORIES, LOW_STOCK_THRESHOLD, PRODUCT_STATUSES } from '~/shared/constants';
import { gstinProblem } from '~/shared/gstin';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { DEMO_MODELS } from './configurations';
import { DESKTOPS } from './desktops';
import { LAPTOPS } from './laptops';
import { MONITORS } from './monitors';
import { originOf } from './origins';
import { averageRating, MAX_REVIEWS_PER_PRODUCT, pickReviews, REVIEW_POOLS, REVIEWERS } from './reviews';
import type { SeedOffer, SeedProduct, SeedSpecs } from './types';

const ALL: SeedProduct[] = [...LAPTOPS, ...DESKTOPS, ...MONITORS];
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const countBy = <K extends string>(items: SeedProduct[], key: (p: SeedProduct) => K) => {
  const counts = new Map<K, number>();
  for (const p of items) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return counts;
};

const PROCESSOR_FAMILIES = [
  'Intel Core i3',
  'Intel Core i5',
  'Intel Core i7',
  'Intel Core i9',
  'Intel Core Ultra 5',
  'Intel Core Ultra 7',
  'Intel Core Ultra 9',
  'AMD Ryzen 3',
  'AMD Ryzen 5',
  'AMD Ryzen 7',
  'AMD Ryzen 9',
  'Apple M2',
  'Apple M3',
  'Apple M4',
  'Apple M4 Pro',
  'Apple M4 Max',
  'Snapdragon X',
];
const RESOLUTION_NAMES: Record<string, string[]> = {
  'Full HD': ['1920 x 1080'],
  WUXGA: ['1920 x 1200'],
  '2.3K': ['2304 x 1536'],
  WQXGA: ['2560 x 1600', '2560 x 1664'],
  QHD: ['2560 x 1440'],
  UWQHD: ['3440 x 1440'],
  '2.8K': ['2880 x 1800', '2880 x 1864'],
  '3K': ['3024 x 1964'],
  '4K UHD': ['3840 x 2160'],
  '4.5K': ['4480 x 2520'],
  '5K': ['5120 x 2880'],
};
const PANEL_TYPES = ['IPS', 'VA', 'TN', 'OLED', 'Mini LED'];

describe('demo catalogue data', () => {
  it('has enough products in each category', () => {
    expect(LAPTOPS.length).toBeGreaterThanOrEqual(38);
    expect(DESKTOPS.length).toBeGreaterThanOrEqual(22);
    expect(MONITORS.length).toBeGreaterThanOrEqual(27);
    for (const [list, category] of [
      [LAPTOPS, 'Laptop'],
      [DESKTOPS, 'Desktop'],
      [MONITORS, 'Monitor'],
    ] as const) {
      for (const p of list) expect(p.category, p.key).toBe(category);
    }
    expect(new Set(ALL.map((p) => p.category))).toEqual(new Set(CATEGORIES));
  });

  it('has at least 12 brands and products of all three vendors in a sensible spread', () => {
    expect(new Set(ALL.map((p) => p.brand)).size).toBeGreaterThanOrEqual(12);
    const vendors = countBy(ALL, (p) => p.vendor);
    expect([...vendors.keys()].sort()).toEqual(['khargharMart', 'puneTechHub', 'shop']);
    const share = (v: string) => (vendors.get(v as never) ?? 0) / ALL.length;
    expect(share('shop')).toBeGreaterThan(0.38);
    expect(share('shop')).toBeLessThan(0.52);
    expect(share('puneTechHub')).toBeGreaterThan(0.22);
    expect(share('khargharMart')).toBeGreaterThan(0.18);
  });

  it('uses unique, lowercase-hyphenated keys', () => {
    expect(new Set(ALL.map((p) => p.key)).size).toBe(ALL.length);
    for (const p of ALL) expect(p.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('prices in whole rupees with MRP at or above the price and discounts up to 35%', () => {
    for (const p of ALL) {
      expect(Number.isInteger(p.priceRupees) && p.priceRupees > 0, p.key).toBe(true);
      expect(Number.isInteger(p.mrpRupees), p.key).toBe(true);
      expect(p.mrpRupees, p.key).toBeGreaterThanOrEqual(p.priceRupees);
      expect(1 - p.priceRupees / p.mrpRupees, p.key).toBeLessThanOrEqual(0.35);
    }
  });

  it('has low-stock and out-of-stock products', () => {
    for (const p of ALL) expect(Number.isInteger(p.stock) && p.stock >= 0, p.key).toBe(true);
    expect(ALL.filter((p) => p.stock >= 1 && p.stock <= LOW_STOCK_THRESHOLD).length).toBeGreaterThanOrEqual(6);
    expect(ALL.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(4);
  });

  it('has exactly two drafts and two archived products, all others active', () => {
    for (const p of ALL) if (p.status) expect(PRODUCT_STATUSES).toContain(p.status);
    expect(ALL.filter((p) => p.status === 'draft')).toHaveLength(2);
    expect(ALL.filter((p) => p.status === 'archived')).toHaveLength(2);
    expect(ALL.filter((p) => p.status && p.status !== 'draft' && p.status !== 'archived')).toHaveLength(0);
  });

  it('fills the typed specifications of laptops and desktops', () => {
    for (const p of [...LAPTOPS, ...DESKTOPS]) {
      expect(p.processor, p.key).toBeTruthy();
      expect(PROCESSOR_FAMILIES, p.key).toContain(p.processorFamily);
      expect(p.ramGb, p.key).toBeGreaterThan(0);
      expect(p.storageGb, p.key).toBeGreaterThan(0);
      expect(p.storageType, p.key).toBeTruthy();
      expect(p.graphics, p.key).toBeTruthy();
      expect(p.operatingSystem, p.key).toBeTruthy();
    }
  });

  it('fills screen size and resolution of laptops, all-in-ones and monitors consistently', () => {
    const withScreens = [...LAPTOPS, ...MONITORS, ...DESKTOPS.filter((p) => p.screenSizeIn)];
    expect(DESKTOPS.filter((p) => p.screenSizeIn).length).toBeGreaterThanOrEqual(4);
    for (const p of withScreens) {
      expect(p.screenSizeIn, p.key).toBeGreaterThan(10);
      expect(p.resolution, p.key).toMatch(/^\d{3,4} x \d{3,4}$/);
      expect(Object.keys(RESOLUTION_NAMES), p.key).toContain(p.resolutionName);
      expect(RESOLUTION_NAMES[p.resolutionName!], p.key).toContain(p.resolution);
      if (p.panelType) expect(PANEL_TYPES, p.key).toContain(p.panelType);
    }
  });

  it('fills panel, refresh rate and ports of monitors', () => {
    for (const p of MONITORS) {
      expect(PANEL_TYPES, p.key).toContain(p.panelType);
      expect(p.refreshRateHz, p.key).toBeGreaterThanOrEqual(60);
      expect(p.ports?.length, p.key).toBeGreaterThan(0);
      expect(p.processor, p.key).toBeUndefined();
    }
  });

  it('covers what buyers search for', () => {
    const thinkpads = LAPTOPS.filter((p) => /thinkpad/i.test(p.name));
    expect(thinkpads.length).toBeGreaterThanOrEqual(5);
    expect(LAPTOPS.filter((p) => /thinkbook|ideapad/i.test(p.name)).length).toBeGreaterThanOrEqual(3);
    expect(LAPTOPS.filter((p) => /macbook air/i.test(p.name)).length).toBeGreaterThanOrEqual(3);
    expect(LAPTOPS.filter((p) => /macbook pro/i.test(p.name)).length).toBeGreaterThanOrEqual(2);
    expect(DESKTOPS.some((p) => /imac/i.test(p.name))).toBe(true);
    expect(LAPTOPS.filter((p) => p.ramGb === 16).length).toBeGreaterThanOrEqual(10);
    expect(MONITORS.filter((p) => p.screenSizeIn === 27 && p.resolutionName === '4K UHD').length).toBeGreaterThanOrEqual(3);
    expect(
      MONITORS.filter((p) => Math.round(p.screenSizeIn!) === 24 && p.resolutionName === 'Full HD' && p.panelType === 'IPS').length,
    ).toBeGreaterThanOrEqual(4);
    for (const hz of [144, 165, 180, 240])
      expect(
        MONITORS.some((p) => p.refreshRateHz === hz),
        `${hz} Hz`,
      ).toBe(true);
    expect(MONITORS.some((p) => p.panelType === 'OLED')).toBe(true);
    expect(MONITORS.some((p) => p.panelType === 'VA' && p.extraSpecs.some((s) => s.label === 'Curvature'))).toBe(true);
  });

  it('has the specification lines of each category', () => {
    const labels = (p: SeedProduct) => p.extraSpecs.map((s) => s.label);
    for (const p of LAPTOPS)
      expect(labels(p), p.key).toEqual(expect.arrayContaining(['Weight', 'Battery', 'Ports', 'Keyboard', 'Webcam', 'Wi-Fi and Bluetooth']));
    for (const p of MONITORS) {
      expect(labels(p), p.key).toEqual(
        expect.arrayContaining(['Brightness', 'Response time', 'Colour gamut', 'HDR', 'VESA mount', 'Stand', 'Speakers']),
      );
    }
    for (const p of ALL) for (const s of p.extraSpecs) expect(s.value.trim(), `${p.key} ${s.label}`).not.toBe('');
  });

  it('writes a distinct description of two or three paragraphs and 60 to 140 words for each product', () => {
    expect(new Set(ALL.map((p) => p.description)).size).toBe(ALL.length);
    const paragraphs = new Map<string, string>();
    for (const p of ALL) {
      const parts = p.description.split(/\n\s*\n/);
      expect(parts.length, p.key).toBeGreaterThanOrEqual(2);
      expect(parts.length, p.key).toBeLessThanOrEqual(3);
      expect(words(p.description), p.key).toBeGreaterThanOrEqual(60);
      expect(words(p.description), p.key).toBeLessThanOrEqual(140);
      for (const part of parts) {
        const seen = paragraphs.get(part.trim());
        expect(seen, `${p.key} repeats a paragraph of ${seen}`).toBeUndefined();
        paragraphs.set(part.trim(), p.key);
      }
    }
  });

  it('has plausible warranties, sales and listing ages', () => {
    for (const p of ALL) {
      expect(p.warranty.length, p.key).toBeGreaterThan(10);
      expect([12, 24, 36], p.key).toContain(p.warrantyMonths);
      expect(p.soldCount, p.key).toBeGreaterThanOrEqual(0);
      expect(p.soldCount, p.key).toBeLessThanOrEqual(900);
      expect(p.listedDaysAgo, p.key).toBeGreaterThanOrEqual(1);
      expect(p.listedDaysAgo, p.key).toBeLessThanOrEqual(400);
    }
  });

  it('gives the new demo vendors valid Maharashtra GSTINs', () => {
    for (const v of [DEMO_ACCOUNTS.shopVendor, DEMO_ACCOUNTS.khargharVendor, DEMO_ACCOUNTS.approvedVendor]) {
      expect(gstinProblem(v.gstin), v.businessName).toBeNull();
      expect(v.gstin.slice(0, 2)).toBe('27');
    }
  });
});

describe('demo configurations and offers', () => {
  /** Each configuration of each model: its options, typed specifications (the product's, with its own), MRP and offers. */
  const configurations = Object.entries(DEMO_MODELS).map(([key, model]) => {
    const p = ALL.find((q) => q.key === key);
    const own = { options: model.options, sku: p?.model ?? '', mrpRupees: p?.mrpRupees ?? 0 };
    const ownOffer: SeedOffer = { vendor: p!.vendor, priceRupees: p!.priceRupees, stock: p!.stock, dispatchDays: 1 };
    const all = [
      { ...own, specs: p as SeedSpecs, offers: [ownOffer, ...(model.otherOffers ?? [])] },
      ...(model.configurations ?? []).map(({ options, sku, mrpRupees, offers, ...specs }) => ({
        options,
        sku,
        mrpRupees,
        specs: { ...p, ...specs } as SeedSpecs,
        offers,
      })),
    ];
    return { key, p, model, all };
  });

  it('names active laptops and monitors of the catalogue, several in two to four configurations', () => {
    for (const { key, p } of configurations) {
      expect(p, key).toBeDefined();
      expect(p!.status ?? 'active', key).toBe('active');
    }
    const sizes = configurations.map((c) => [c.p!.category, c.all.length] as const);
    expect(sizes.filter(([category, n]) => category === 'Laptop' && n >= 2).length).toBeGreaterThanOrEqual(5);
    expect(sizes.filter(([category, n]) => category === 'Monitor' && n >= 2).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...sizes.map(([, n]) => n))).toBeLessThanOrEqual(4);
  });

  it('gives each configuration every option once, its own options, SKU and MRP, and typed specifications that agree', () => {
    const skus = new Set<string>();
    for (const { key, model, all } of configurations) {
      const combos = new Set(all.map((c) => JSON.stringify(model.optionKeys.map((k) => c.options[k]))));
      expect(combos.size, key).toBe(all.length);
      for (const c of all) {
        expect(Object.keys(c.options).sort(), key).toEqual([...model.optionKeys].sort());
        expect(skus.has(c.sku), c.sku).toBe(false);
        skus.add(c.sku);
        expect(Number.isInteger(c.mrpRupees) && c.mrpRupees > 0, c.sku).toBe(true);
        if (c.options.ram) expect(c.options.ram, c.sku).toBe(`${c.specs.ramGb} GB`);
        if (c.options.size) expect(c.options.size, c.sku).toBe(`${c.specs.screenSizeIn} inch`);
        if (c.options.storage) {
          const gb = c.specs.storageGb!;
          expect(c.options.storage, c.sku).toBe(`${gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`} ${c.specs.storageType}`);
        }
        if (c.options.processor) expect(c.specs.processor, c.sku).toContain(c.options.processor);
        if (c.options.graphics) expect(c.specs.graphics, c.sku).toContain(c.options.graphics);
      }
    }
  });

  it('prices every offer at or below its MRP, discounts up to 35%, one offer per seller and condition', () => {
    for (const { all } of configurations) {
      for (const c of all) {
        const sellers = c.offers.map((o) => `${o.vendor} ${o.refurbishedGrade ?? 'new'}`);
        expect(new Set(sellers).size, c.sku).toBe(sellers.length);
        for (const o of c.offers) {
          expect(Number.isInteger(o.priceRupees) && o.priceRupees <= c.mrpRupees, c.sku).toBe(true);
          if (!o.refurbishedGrade) expect(1 - o.priceRupees / c.mrpRupees, c.sku).toBeLessThanOrEqual(0.35);
          expect(o.stock >= 0 && o.dispatchDays >= 0 && o.dispatchDays <= 30, c.sku).toBe(true);
        }
      }
    }
  });

  it('has ten or more configurations from two or three sellers at different prices and dispatch times, one refurbished', () => {
    const shared = configurations.flatMap((m) => m.all).filter((c) => c.offers.filter((o) => o.stock > 0).length >= 2);
    expect(shared.length).toBeGreaterThanOrEqual(10);
    for (const c of shared) {
      expect(c.offers.length, c.sku).toBeLessThanOrEqual(3);
      expect(new Set(c.offers.map((o) => o.priceRupees)).size, c.sku).toBe(c.offers.length);
      expect(new Set(c.offers.map((o) => o.dispatchDays)).size, c.sku).toBeGreaterThan(1);
    }
    const refurbished = configurations.flatMap((m) => m.all.flatMap((c) => c.offers)).filter((o) => o.refurbishedGrade);
    expect(refurbished).toEqual([expect.objectContaining({ vendor: 'khargharMart', refurbishedGrade: 'A' })]);
  });
});

describe('demo reviews', () => {
  it('has about twenty reviewers and fifteen texts per category, mostly positive', () => {
    expect(REVIEWERS.length).toBeGreaterThanOrEqual(18);
    expect(new Set(REVIEWERS.map((r) => r.email)).size).toBe(REVIEWERS.length);
    for (const category of CATEGORIES) {
      const pool = REVIEW_POOLS[category];
      expect(pool.length).toBeGreaterThanOrEqual(14);
      expect(pool.filter((r) => r.rating >= 4).length / pool.length).toBeGreaterThan(0.6);
      expect(pool.some((r) => r.rating === 1)).toBe(true);
    }
  });

  it('picks the same reviews on every run, more for best sellers, none for drafts', () => {
    for (const p of ALL) {
      const picked = pickReviews(p);
      expect(pickReviews(p)).toEqual(picked);
      expect(picked.length).toBeLessThanOrEqual(MAX_REVIEWS_PER_PRODUCT);
      expect(new Set(picked.map((r) => r.reviewerIndex)).size, p.key).toBe(picked.length);
      expect(new Set(picked.map((r) => r.title)).size, p.key).toBe(picked.length);
      for (const r of picked) expect(r.daysAgo, p.key).toBeLessThan(p.listedDaysAgo);
      if (p.status === 'draft' || p.soldCount === 0) expect(picked, p.key).toHaveLength(0);
    }
    const count = (p: SeedProduct) => pickReviews(p).length;
    const best = ALL.filter((p) => p.soldCount >= 400);
    const rare = ALL.filter((p) => p.soldCount > 0 && p.soldCount < 30);
    const mean = (list: SeedProduct[]) => list.reduce((s, p) => s + count(p), 0) / list.length;
    expect(mean(best)).toBeGreaterThan(mean(rare) + 2);
    expect(ALL.some((p) => count(p) === 0 && p.soldCount > 0)).toBe(true);
  });

  it('rounds the average rating to two decimals', () => {
    expect(averageRating([])).toBe(0);
    expect(averageRating([5, 4, 4])).toBe(4.33);
    expect(averageRating([5, 5, 4, 2])).toBe(4);
  });
});

describe('where the demo catalogue is made (decision 73)', () => {
  it('says for every product where it is made and names its importer, or its manufacturer when made in India', () => {
    for (const p of ALL) {
      const origin = originOf(p);
      expect(origin.country, p.key).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)?$/);
      expect(origin.makerName, p.key).toMatch(/(Pvt )?Ltd$/);
      expect(origin.makerAddress, p.key).toMatch(/\d{6}$/);
    }
    expect(originOf({ brand: 'Apple', category: 'Laptop' })).toMatchObject({ country: 'China', makerName: 'Apple India Pvt Ltd' });
    expect(originOf({ brand: 'Dell', category: 'Monitor' }).country).toBe('China');
    expect(originOf({ brand: 'Lenovo', category: 'Laptop' }).makerAddress).toContain('Bengaluru');
  });
});
