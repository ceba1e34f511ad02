// Generates a large catalogue for the benchmark: variants of the demo products (other RAM,
// storage, prices, stock, ratings), written with multi-row inserts, then the search lexicon.
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

export async function generateCatalogue(databaseUrl: string, count: number): Promise<number> {
  const handle = connectDatabase(databaseUrl, 4);
  const { pool } = handle;
  try {
    const vendorIds = await createVendors(pool);
    const templates = [...LAPTOPS, ...DESKTOPS, ...MONITORS].filter((p) => (p.status ?? 'active') === 'active');
    const rnd = random(20261121);
    const batch = 500;
    for (let start = 0; start < count; start += batch) {
      const rows: SeedProduct[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++)
        rows.push(variant(templates[i % templates.length]!, Math.floor(i / templates.length), rnd));
      await insertBatch(pool, rows, vendorIds, start, rnd);
    }
    await refreshSearchLexicon(handle.db);
    // Bulk-loaded pages are all-visible after a vacuum (autovacuum does it later in production).
    await pool.query('vacuum analyze');
    return count;
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

async function insertBatch(pool: pg.Pool, rows: SeedProduct[], vendorIds: string[], offset: number, rnd: () => number) {
  const col = <T>(f: (p: SeedProduct, i: number) => T) => rows.map(f);
  const ids = col((_, i) => `prd_bench${String(offset + i).padStart(6, '0')}`);
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

/** Every product on sale, in an order that spreads them over categories and sellers. */
export async function listProductIds(databaseUrl: string): Promise<string[]> {
  const handle = connectDatabase(databaseUrl, 1);
  const { rows } = await handle.pool.query<{ id: string }>(`select id from products where status = 'active' order by md5(id)`);
  await handle.close();
  return rows.map((r) => r.id);
}
