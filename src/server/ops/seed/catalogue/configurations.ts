import type { SeedModel } from './types';

const APPLE_WARRANTY = { warranty: '1 year Apple limited warranty', warrantyMonths: 12 } as const;

/**
 * The demo products sold as models with configurations, or by several sellers (decision 70), by product key.
 * The product's own fields in laptops.ts and monitors.ts are its first configuration; what its other
 * configurations have of their own (processor, RAM, storage, graphics, screen size, panel) is here, with
 * the maker's part number, the MRP and each seller's offer: price, stock and days to dispatch.
 */
export const DEMO_MODELS: Readonly<Record<string, SeedModel>> = {
  // ---------------------------------------------------------------- laptops
  'apple-macbook-air-13-m4': {
    optionKeys: ['ram', 'storage'],
    options: { ram: '16 GB', storage: '256 GB SSD' },
    otherOffers: [{ vendor: 'puneTechHub', priceRupees: 94490, stock: 6, dispatchDays: 2, ...APPLE_WARRANTY }],
    configurations: [
      {
        options: { ram: '16 GB', storage: '512 GB SSD' },
        sku: 'MW0Y3HN/A',
        processor: 'Apple M4 (10-core CPU, 10-core GPU, 16-core Neural Engine)',
        graphics: 'Apple 10-core GPU',
        storageGb: 512,
        mrpRupees: 119900,
        offers: [
          { vendor: 'shop', priceRupees: 113900, stock: 12, dispatchDays: 1 },
          { vendor: 'puneTechHub', priceRupees: 114990, stock: 3, dispatchDays: 3 },
        ],
      },
      {
        options: { ram: '24 GB', storage: '512 GB SSD' },
        sku: 'MC6C4HN/A',
        processor: 'Apple M4 (10-core CPU, 10-core GPU, 16-core Neural Engine)',
        graphics: 'Apple 10-core GPU',
        ramGb: 24,
        storageGb: 512,
        mrpRupees: 139900,
        offers: [{ vendor: 'shop', priceRupees: 132900, stock: 4, dispatchDays: 1 }],
      },
    ],
  },
  'hp-15-fd0-13th-gen': {
    optionKeys: ['processor', 'ram'],
    options: { processor: 'Core i5-1334U', ram: '16 GB' },
    otherOffers: [{ vendor: 'khargharMart', priceRupees: 54990, stock: 9, dispatchDays: 2 }],
    configurations: [
      {
        options: { processor: 'Core i3-1315U', ram: '8 GB' },
        sku: 'A1RV1PA',
        processor: 'Intel Core i3-1315U (6 cores, up to 4.5 GHz)',
        processorFamily: 'Intel Core i3',
        graphics: 'Intel UHD Graphics',
        ramGb: 8,
        mrpRupees: 52000,
        offers: [
          { vendor: 'shop', priceRupees: 38990, stock: 22, dispatchDays: 1 },
          { vendor: 'puneTechHub', priceRupees: 38490, stock: 14, dispatchDays: 3 },
        ],
      },
      {
        options: { processor: 'Core i5-1334U', ram: '8 GB' },
        sku: 'A1RV6PA',
        ramGb: 8,
        mrpRupees: 64000,
        offers: [{ vendor: 'shop', priceRupees: 49990, stock: 11, dispatchDays: 1 }],
      },
      {
        // Sold out: the picker shows it, disabled, with the reason.
        options: { processor: 'Core i7-1355U', ram: '16 GB' },
        sku: 'A1RW3PA',
        processor: 'Intel Core i7-1355U (10 cores, up to 5.0 GHz)',
        processorFamily: 'Intel Core i7',
        mrpRupees: 86000,
        offers: [{ vendor: 'shop', priceRupees: 68990, stock: 0, dispatchDays: 1 }],
      },
    ],
  },
  'lenovo-thinkpad-e16-gen-2-ultra-5': {
    optionKeys: ['ram', 'storage'],
    options: { ram: '16 GB', storage: '512 GB SSD' },
    otherOffers: [{ vendor: 'khargharMart', priceRupees: 78990, stock: 5, dispatchDays: 3 }],
    configurations: [
      {
        options: { ram: '16 GB', storage: '1 TB SSD' },
        sku: '21MAS05W00',
        storageGb: 1024,
        mrpRupees: 116000,
        offers: [{ vendor: 'shop', priceRupees: 85990, stock: 6, dispatchDays: 1 }],
      },
      {
        options: { ram: '32 GB', storage: '1 TB SSD' },
        sku: '21MAS06100',
        ramGb: 32,
        storageGb: 1024,
        mrpRupees: 128000,
        offers: [
          { vendor: 'shop', priceRupees: 94990, stock: 3, dispatchDays: 1 },
          { vendor: 'puneTechHub', priceRupees: 93490, stock: 2, dispatchDays: 4 },
          { vendor: 'khargharMart', priceRupees: 95990, stock: 4, dispatchDays: 2 },
        ],
      },
    ],
  },
  'asus-zenbook-14-oled-ux3405ma': {
    optionKeys: ['processor', 'ram', 'storage'],
    options: { processor: 'Core Ultra 7 155H', ram: '16 GB', storage: '1 TB SSD' },
    otherOffers: [{ vendor: 'puneTechHub', priceRupees: 97490, stock: 4, dispatchDays: 3 }],
    configurations: [
      {
        options: { processor: 'Core Ultra 5 125H', ram: '16 GB', storage: '512 GB SSD' },
        sku: 'UX3405MA-PP551WS',
        processor: 'Intel Core Ultra 5 125H (14 cores, up to 4.5 GHz)',
        processorFamily: 'Intel Core Ultra 5',
        storageGb: 512,
        mrpRupees: 99990,
        offers: [{ vendor: 'shop', priceRupees: 82990, stock: 9, dispatchDays: 1 }],
      },
      {
        options: { processor: 'Core Ultra 7 155H', ram: '32 GB', storage: '1 TB SSD' },
        sku: 'UX3405MA-QD782WS',
        ramGb: 32,
        mrpRupees: 134990,
        offers: [{ vendor: 'shop', priceRupees: 112990, stock: 3, dispatchDays: 2 }],
      },
    ],
  },
  'lenovo-loq-15iax9-i5': {
    optionKeys: ['graphics'],
    options: { graphics: 'RTX 4050 6 GB' },
    otherOffers: [{ vendor: 'khargharMart', priceRupees: 76990, stock: 7, dispatchDays: 2 }],
    configurations: [
      {
        options: { graphics: 'RTX 3050 6 GB' },
        sku: '83GS00JPIN',
        graphics: 'NVIDIA GeForce RTX 3050 6 GB',
        mrpRupees: 92990,
        offers: [
          { vendor: 'shop', priceRupees: 69990, stock: 10, dispatchDays: 1 },
          { vendor: 'puneTechHub', priceRupees: 68990, stock: 6, dispatchDays: 3 },
        ],
      },
      {
        options: { graphics: 'RTX 2050 4 GB' },
        sku: '83GS00EPIN',
        graphics: 'NVIDIA GeForce RTX 2050 4 GB',
        mrpRupees: 82990,
        offers: [{ vendor: 'shop', priceRupees: 61990, stock: 8, dispatchDays: 1 }],
      },
    ],
  },
  // One configuration, three sellers: one of them sells refurbished units (grade A) from Kharghar.
  'dell-latitude-3450-i5-16-512': {
    optionKeys: [],
    options: {},
    otherOffers: [
      { vendor: 'puneTechHub', priceRupees: 71990, stock: 4, dispatchDays: 3 },
      {
        vendor: 'khargharMart',
        priceRupees: 54990,
        stock: 2,
        dispatchDays: 2,
        refurbishedGrade: 'A',
        warranty: '6 months Kharghar Computer Mart warranty (refurbished)',
        warrantyMonths: 6,
      },
    ],
  },
  // ---------------------------------------------------------------- monitors
  'dell-plus-4k-s2725qs-s3225qs': {
    optionKeys: ['size'],
    options: { size: '27 inch' },
    otherOffers: [
      { vendor: 'puneTechHub', priceRupees: 30999, stock: 5, dispatchDays: 3 },
      { vendor: 'khargharMart', priceRupees: 30499, stock: 7, dispatchDays: 2 },
    ],
    configurations: [
      {
        options: { size: '31.5 inch' },
        sku: 'S3225QS',
        screenSizeIn: 31.5,
        panelType: 'VA',
        mrpRupees: 52000,
        offers: [
          { vendor: 'shop', priceRupees: 36999, stock: 6, dispatchDays: 1 },
          { vendor: 'khargharMart', priceRupees: 35999, stock: 3, dispatchDays: 4 },
        ],
      },
    ],
  },
  'benq-gw2490-gw2790-fhd-ips-eye-care': {
    optionKeys: ['size'],
    options: { size: '23.8 inch' },
    otherOffers: [{ vendor: 'khargharMart', priceRupees: 9790, stock: 12, dispatchDays: 3 }],
    configurations: [
      {
        options: { size: '27 inch' },
        sku: 'GW2790',
        screenSizeIn: 27,
        mrpRupees: 18500,
        offers: [{ vendor: 'shop', priceRupees: 12990, stock: 14, dispatchDays: 1 }],
      },
    ],
  },
  'hp-series-5-524sh-527sh-fhd-ips-100hz': {
    optionKeys: ['size'],
    options: { size: '23.8 inch' },
    otherOffers: [{ vendor: 'puneTechHub', priceRupees: 11299, stock: 8, dispatchDays: 2 }],
    configurations: [
      {
        options: { size: '27 inch' },
        sku: '94F46AA',
        screenSizeIn: 27,
        mrpRupees: 19000,
        offers: [{ vendor: 'shop', priceRupees: 13999, stock: 9, dispatchDays: 1 }],
      },
    ],
  },
};
