// Generates a large catalogue for the benchmark: products made from the demo products (other RAM,
// storage, prices, stock, ratings), each in one to five configurations (decision 70: other RAM and
// storage for laptops and desktops, other sizes for monitors), a third of the further configurations
// offered by a second seller too; written with multi-row inserts, then the search lexicon.
import type pg from 'pg';
import { DESKTOPS } from '../../src/server/ops/seed/catalogue/desktops';
import { LAPTOPS } from '../../src/server/ops/seed/catalogue/laptops';
import { MONITORS } from '../../src/server/ops/seed/catalogue/monitors';
import type { SeedProduct } from '../../src/server/ops/seed/catalogue/types';
import { buildSpecTerms } from '../../src/server/modules/products/spec-terms';
import { refreshSearchLexicon } from '../../src/server/modules/catalogue/search-lexicon';
import { connectDatabase } from '../../src/server/db/client';

const HSN = { Laptop: '84713010', Desktop: '84714190', Monitor: '85285200' } as const;
const RAM_STEPS = [8, 16, 32, 64];
const STORAGE_STEPS = [256, 512, 1024, 2048];

/** A deterministic pseudo-random sequence, so every run benchmarks the same catalogue. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function variant(base: SeedProduct, n: number, rnd: () => number): SeedProduct {
  if (n === 0) return base;
  const p = { ...base, extraSpecs: base.extraSpecs };
  const factor = 0.85 + rnd() * 0.5;
  p.priceRupees = Math.max(999, Math.round((base.priceRupees * factor) / 100) * 100 - 1);
  p.mrpRupees = Math.max(p.priceRupees, Math.round((p.priceRupees * (1 + rnd() * 0.35)) / 100) * 100);
  p.stock = rnd() < 0.06 ? 0 : Math.floor(rnd() * 80);
  p.soldCount = Math.floor(rnd() * 1500);
  p.listedDaysAgo = Math.floor(rnd() * 700);
  let label = `Edition ${n}`;
  if (base.ramGb) {
    p.ramGb = RAM_STEPS[Math.floor(rnd() * RAM_STEPS.length)]!;
    p.storageGb = STORAGE_STEPS[Math.floor(rnd() * STORAGE_STEPS.length)]!;
    label = `${p.ramGb} GB / ${p.storageGb >= 1024 ? `${p.storageGb / 1024} TB` : `${p.storageGb} GB`}, variant ${n}`;
  }
  p.name = `${base.name} (${label})`;
  p.key = `${base.key}-v${n}`;
  return p;
}

/**
 * Writes products until their configurations number `variants` (at most `perProduct` each: 1 makes one
 * configuration a product, as before decision 70). The number of products made.
 */
export async function generateCatalogue(databaseUrl: string, variants: number, perProduct = 5): Promise<number> {
  const handle = connectDatabase(databaseUrl, 4);
  const { pool } = handle;
  try {
    const vendorIds = await createVendors(pool);
    const templates = [...LAPTOPS, ...DESKTOPS, ...MONITORS].filter((p) => (p.status ?? 'active') === 'active');
    const rnd = random(20261121);
    const batch = 500;
    let made = 0;
    let products = 0;
    // A bulk load: the listing's triggers (migration 0037) wait, and the listings are worked out once at the end.
    await pool.query('alter table offers disable trigger offers_to_product_listing');
    await pool.query('alter table product_variants disable trigger variants_to_product_listing');
    while (made < variants) {
      const rows: SeedProduct[] = [];
      const configurations: number[] = [];
      for (let i = products; rows.length < batch && made < variants; i++) {
        rows.push(variant(templates[i % templates.length]!, Math.floor(i / templates.length), rnd));
        const k = Math.min(variants - made, 1 + Math.floor(rnd() * perProduct));
        configurations.push(k);
        made += k;
      }
      await insertBatch(pool, rows, vendorIds, products, rnd);
      await insertConfigurations(pool, rows, configurations, vendorIds, products, rnd);
      products += rows.length;
    }
    await pool.query('alter table offers enable trigger offers_to_product_listing');
    await pool.query('alter table product_variants enable trigger variants_to_product_listing');
    await pool.query('analyze products, product_variants, offers');
    const { rows: several } = await pool.query<{ id: string }>(
      `select distinct product_id as id from product_variants where id <> product_id order by 1`,
    );
    for (let at = 0; at < several.length; at += 1000) {
      const ids = several.slice(at, at + 1000).map((r) => r.id);
      await pool.query(`select product_listing(id), product_variant_terms(id) from unnest($1::text[]) as id`, [ids]);
    }
    await refreshSearchLexicon(handle.db);
    // Bulk-loaded pages are all-visible after a vacuum (autovacuum does it later in production).
    await pool.query('vacuum analyze');
    return products;
  } finally {
    await handle.close();
  }
}

async function createVendors(pool: pg.Pool): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= 3; i++) {
    await pool.query(
      `insert into users (id, name, email, email_verified, role, created_at, updated_at) values ($1, $2, $3, true, 'vendor', now(), now())`,
      [`usr_bench_${i}`, `Bench Vendor ${i}`, `vendor${i}@bench.example.in`],
    );
    await pool.query(
      `insert into vendors (id, user_id, business_name, mobile, pickup_city, pickup_state, pickup_pin_code, status) values ($1, $2, $3, '+919800000000', 'Pune', 'Maharashtra', '411001', 'approved')`,
      [`ven_bench_${i}`, `usr_bench_${i}`, `Bench Vendor ${i}`],
    );
    ids.push(`ven_bench_${i}`);
  }
  return ids;
}

const productId = (n: number) => `prd_bench${String(n).padStart(6, '0')}`;

async function insertBatch(pool: pg.Pool, rows: SeedProduct[], vendorIds: string[], offset: number, rnd: () => number) {
  const col = <T>(f: (p: SeedProduct, i: number) => T) => rows.map(f);
  const ids = col((_, i) => productId(offset + i));
  await pool.query(
    `insert into products (id, vendor_id, category, brand, name, slug, model, description, price_paise, mrp_paise, stock, status,
       hsn_code, warranty, warranty_months, processor, processor_family, ram_gb, storage_gb, storage_type, graphics, operating_system,
       screen_size_in, resolution, resolution_name, panel_type, refresh_rate_hz, extra_specs, spec_terms, rating_avg, rating_count, sold_count, created_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[],
       $11::int[], $12::text[], $13::text[], $14::text[], $15::int[], $16::text[], $17::text[], $18::int[], $19::int[], $20::text[], $21::text[],
       $22::text[], $23::numeric[], $24::text[], $25::text[], $26::text[], $27::int[], $28::jsonb[], $29::text[], $30::numeric[], $31::int[], $32::int[], $33::timestamptz[])`,
    [
      ids,
      col((_, i) => vendorIds[(offset + i) % vendorIds.length]),
      col((p) => p.category),
      col((p) => p.brand),
      col((p) => p.name),
      col((p) => p.key),
      col((p) => p.model),
      col((p) => p.description),
      col((p) => p.priceRupees * 100),
      col((p) => p.mrpRupees * 100),
      col((p) => p.stock),
      col(() => 'active'),
      col((p) => HSN[p.category]),
      col((p) => p.warranty),
      col((p) => p.warrantyMonths),
      col((p) => p.processor ?? null),
      col((p) => p.processorFamily ?? null),
      col((p) => p.ramGb ?? null),
      col((p) => p.storageGb ?? null),
      col((p) => p.storageType ?? null),
      col((p) => p.graphics ?? null),
      col((p) => p.operatingSystem ?? null),
      col((p) => p.screenSizeIn ?? null),
      col((p) => p.resolution ?? null),
      col((p) => p.resolutionName ?? null),
      col((p) => p.panelType ?? null),
      col((p) => p.refreshRateHz ?? null),
      col((p) => JSON.stringify(p.extraSpecs)),
      col((p) => buildSpecTerms(p)),
      col(() => Math.round((3 + rnd() * 2) * 100) / 100),
      col(() => Math.floor(rnd() * 400)),
      col((p) => p.soldCount),
      col((p) => new Date(Date.now() - p.listedDaysAgo * 86_400_000).toISOString()),
    ],
  );
  // One image row per product (the benchmark does not fetch image files).
  await pool.query(
    `insert into product_images (id, product_id, position, storage_key, alt, width, height)
     select 'img_' || substr(id, 5), id, 0, 'bench/none.webp', 'bench', 1200, 900 from unnest($1::text[]) as id`,
    [ids],
  );
}

const SIZE_STEPS = [21.5, 23.8, 27, 31.5, 34];
const sizeLabel = (inches: number) => `${inches} inch`;
const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024} TB` : `${gb} GB`);

/**
 * The further configurations of each product of a batch (its first is the product's own, made by the
 * upgrade's trigger): other RAM and storage, or other screen sizes, with their MRP and spec words, each
 * offered by the product's seller and a third of them by a second seller at another price.
 */
async function insertConfigurations(
  pool: pg.Pool,
  rows: SeedProduct[],
  configurations: number[],
  vendorIds: string[],
  offset: number,
  rnd: () => number,
) {
  const own: { id: string; options: string; keys: string }[] = [];
  const variants: Record<string, unknown>[] = [];
  const offers: Record<string, unknown>[] = [];
  rows.forEach((p, i) => {
    const id = productId(offset + i);
    const k = configurations[i]!;
    const monitor = p.ramGb === undefined;
    if (monitor && p.screenSizeIn === undefined) return;
    const optionsOf = (q: { ramGb?: number; storageGb?: number; screenSizeIn?: number }) =>
      monitor
        ? { size: sizeLabel(q.screenSizeIn!) }
        : { ram: `${q.ramGb} GB`, storage: `${storageLabel(q.storageGb!)} ${p.storageType ?? 'SSD'}` };
    own.push({ id, options: JSON.stringify(optionsOf(p)), keys: monitor ? '{size}' : '{ram,storage}' });
    const taken = new Set([JSON.stringify(optionsOf(p))]);
    for (let j = 1; j < k; j++) {
      const q = { ...p };
      for (let attempt = 0; attempt < 8 && taken.has(JSON.stringify(optionsOf(q))); attempt++) {
        if (monitor) q.screenSizeIn = SIZE_STEPS[Math.floor(rnd() * SIZE_STEPS.length)]!;
        else {
          q.ramGb = RAM_STEPS[Math.floor(rnd() * RAM_STEPS.length)]!;
          q.storageGb = STORAGE_STEPS[Math.floor(rnd() * STORAGE_STEPS.length)]!;
        }
      }
      const options = optionsOf(q);
      if (taken.has(JSON.stringify(options))) continue;
      taken.add(JSON.stringify(options));
      const variantId = `pvr_bench${String(offset + i).padStart(6, '0')}_${j}`;
      const price = Math.max(999, Math.round((p.priceRupees * (0.9 + rnd() * 0.4)) / 100) * 100 - 1) * 100;
      variants.push({
        id: variantId,
        product_id: id,
        options,
        position: j,
        mrp_paise: Math.round(price * (1.1 + rnd() * 0.2)),
        hsn_code: HSN[p.category],
        processor: q.processor ?? null,
        processor_family: q.processorFamily ?? null,
        ram_gb: q.ramGb ?? null,
        storage_gb: q.storageGb ?? null,
        storage_type: q.storageType ?? null,
        screen_size_in: q.screenSizeIn ?? null,
        resolution_name: q.resolutionName ?? null,
        panel_type: q.panelType ?? null,
        refresh_rate_hz: q.refreshRateHz ?? null,
        spec_terms: buildSpecTerms(q),
      });
      const seller = (offset + i) % vendorIds.length;
      const stock = rnd() < 0.08 ? 0 : Math.floor(rnd() * 60);
      offers.push({
        id: `ofr_bench${variantId.slice(9)}`,
        variant_id: variantId,
        product_id: id,
        vendor_id: vendorIds[seller],
        price_paise: price,
        stock,
        dispatch_days: 1,
      });
      if (rnd() < 1 / 3) {
        offers.push({
          id: `ofr_bench${variantId.slice(9)}_b`,
          variant_id: variantId,
          product_id: id,
          vendor_id: vendorIds[(seller + 1) % vendorIds.length],
          price_paise: Math.max(50_000, price - 10_000 * Math.floor(rnd() * 20)),
          stock: Math.floor(rnd() * 20),
          dispatch_days: 2 + Math.floor(rnd() * 3),
        });
      }
    }
  });
  await pool.query(
    `update products p set option_keys = o.keys::text[] from unnest($1::text[], $2::text[]) as o(id, keys) where p.id = o.id`,
    [own.map((o) => o.id), own.map((o) => o.keys)],
  );
  await pool.query(
    `update product_variants v set options = o.options::jsonb from unnest($1::text[], $2::text[]) as o(id, options) where v.id = o.id`,
    [own.map((o) => o.id), own.map((o) => o.options)],
  );
  if (variants.length === 0) return;
  await pool.query(
    `insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code, processor, processor_family, ram_gb, storage_gb,
       storage_type, screen_size_in, resolution_name, panel_type, refresh_rate_hz, spec_terms)
     select * from json_to_recordset($1::json)
       as r(id text, product_id text, options jsonb, position int, mrp_paise int, hsn_code text, processor text, processor_family text,
            ram_gb int, storage_gb int, storage_type text, screen_size_in numeric, resolution_name text, panel_type text,
            refresh_rate_hz int, spec_terms text)`,
    [JSON.stringify(variants)],
  );
  await pool.query(
    `insert into offers (id, variant_id, product_id, vendor_id, price_paise, stock, dispatch_days, warranty, warranty_months)
     select o.id, o.variant_id, o.product_id, o.vendor_id, o.price_paise, o.stock, o.dispatch_days, p.warranty, p.warranty_months
       from json_to_recordset($1::json) as o(id text, variant_id text, product_id text, vendor_id text, price_paise int, stock int, dispatch_days int)
       join products p on p.id = o.product_id`,
    [JSON.stringify(offers)],
  );
}

/** Every product on sale, in an order that spreads them over categories and sellers. */
export async function listProductIds(databaseUrl: string): Promise<string[]> {
  const handle = connectDatabase(databaseUrl, 1);
  const { rows } = await handle.pool.query<{ id: string }>(`select id from products where status = 'active' order by md5(id)`);
  await handle.close();
  return rows.map((r) => r.id);
}
