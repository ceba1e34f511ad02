import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './embedded';
import { runMigrations } from './migrate';

/**
 * The upgrade to products with variants and offers (decision 70, migration 0034): a catalogue and an
 * order of the release before come through with each product a model of one variant and one offer of
 * the same id, and while the previous release still runs, what either release writes reaches the other.
 */
const serverUrl = inject('serverUrl');
const name = `variants_upgrade_${randomBytes(4).toString('hex')}`;
const url = withDatabase(serverUrl, name);
let admin: pg.Client;
let pool: pg.Pool;

const product = (id: string, values: { sku: string; price: number; mrp: number; stock: number; ram: number }) =>
  pool.query(
    `insert into products (id, vendor_id, category, brand, name, slug, sku, model, description, price_paise, mrp_paise, stock,
                           status, hsn_code, warranty, warranty_months, processor, ram_gb, storage_gb, storage_type, spec_terms)
     values ($1, 'ven_baner', 'Laptop', 'Lenovo', $1, $1, $2, '21JKS0A900', 'A laptop.', $3, $4, $5, 'active', '8471', '1 year', 12,
             'Intel Core i5-1335U', $6, 512, 'SSD', '16gb ram')`,
    [id, values.sku, values.price, values.mrp, values.stock, values.ram],
  );

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  // The release before: its catalogue and one order.
  await runMigrations(pool, { upTo: '0033_account-standing' });
  await pool.query(`insert into users (id, name, email, role) values ('usr_baner', 'Sneha Joshi', 'baner@example.in', 'vendor')`);
  await pool.query(
    `insert into vendors (id, user_id, business_name, mobile, pickup_city, pickup_state, pickup_pin_code, status)
     values ('ven_baner', 'usr_baner', 'Baner Computers', '9822012345', 'Pune', 'Maharashtra', '411045', 'approved')`,
  );
  await product('prd_e14', { sku: 'E14-16-512', price: 68_990_00, mrp: 89_000_00, stock: 24, ram: 16 });
  await product('prd_e14_32', { sku: 'E14-32-1TB', price: 84_990_00, mrp: 99_000_00, stock: 3, ram: 32 });
  await pool.query(
    `insert into orders (id, user_id, status, payment_method, delivery_option, address, subtotal_paise, shipping_paise,
                         total_paise, gst_paise, cgst_paise, sgst_paise, igst_paise, idempotency_key, request_hash)
     values ('ord_before', 'usr_baner', 'placed', 'cod', 'standard', '{}', 6899000, 0, 6899000, 1052390, 526195, 526195, 0, 'k', 'h')`,
  );
  await pool.query(
    `insert into order_items (id, order_id, product_id, vendor_id, name, brand, category, hsn_code, quantity, unit_price_paise,
                              mrp_paise, line_total_paise, taxable_paise, gst_rate_bp, cgst_paise, sgst_paise, igst_paise,
                              seller_name, seller_state, position)
     values ('oit_before', 'ord_before', 'prd_e14', 'ven_baner', 'ThinkPad E14', 'Lenovo', 'Laptop', '8471', 1, 6899000, 8900000,
             6899000, 5846610, 1800, 526195, 526195, 0, 'Baner Computers', 'Maharashtra', 0)`,
  );
  await runMigrations(pool);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await admin?.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin?.end();
});

const offerOf = async (id: string) =>
  (await pool.query(`select price_paise, stock, seller_sku, vendor_active, variant_id, product_id from offers where id = $1`, [id]))
    .rows[0];
const productOf = async (id: string) => (await pool.query(`select price_paise, stock from products where id = $1`, [id])).rows[0];

describe('the upgrade to variants and offers (migration 0034)', () => {
  it('makes each product a model with one variant and one offer of its id, and names them on the order lines before', async () => {
    const { rows: variants } = await pool.query(
      `select id, product_id, options, ram_gb, mrp_paise, hsn_code from product_variants order by id`,
    );
    expect(variants).toEqual([
      { id: 'prd_e14', product_id: 'prd_e14', options: {}, ram_gb: 16, mrp_paise: 89_000_00, hsn_code: '8471' },
      { id: 'prd_e14_32', product_id: 'prd_e14_32', options: {}, ram_gb: 32, mrp_paise: 99_000_00, hsn_code: '8471' },
    ]);
    expect(await offerOf('prd_e14')).toEqual({
      price_paise: 68_990_00,
      stock: 24,
      seller_sku: 'E14-16-512',
      vendor_active: true,
      variant_id: 'prd_e14',
      product_id: 'prd_e14',
    });
    const { rows: lines } = await pool.query(`select variant_id, offer_id from order_items where id = 'oit_before'`);
    expect(lines).toEqual([{ variant_id: 'prd_e14', offer_id: 'prd_e14' }]);
  });

  it('passes the previous release’s stock and price to the offer, and this release’s back to the product', async () => {
    // The previous release takes stock and changes a price on the product.
    await pool.query(`update products set stock = stock - 2, price_paise = $1 where id = 'prd_e14'`, [67_990_00]);
    expect(await offerOf('prd_e14')).toMatchObject({ stock: 22, price_paise: 67_990_00 });
    // This release takes stock from the offer.
    await pool.query(`update offers set stock = stock - 1 where id = 'prd_e14'`);
    expect(await productOf('prd_e14')).toEqual({ stock: 21, price_paise: 67_990_00 });
    // Its specifications reach the variant.
    await pool.query(`update products set ram_gb = 24 where id = 'prd_e14_32'`);
    expect((await pool.query(`select ram_gb from product_variants where id = 'prd_e14_32'`)).rows[0]).toEqual({ ram_gb: 24 });
  });

  it('gives a product the previous release lists its variant and offer, and none to one this release writes with its own', async () => {
    await product('prd_old_release', { sku: 'OLD-1', price: 50_000_00, mrp: 60_000_00, stock: 5, ram: 8 });
    expect(await offerOf('prd_old_release')).toMatchObject({ stock: 5, price_paise: 50_000_00, variant_id: 'prd_old_release' });

    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('shop.writes_variants', 'on', true)`);
      await client.query(
        `insert into products (id, vendor_id, category, brand, name, slug, description, price_paise, mrp_paise, hsn_code, warranty, warranty_months)
         values ('prd_new_release', 'ven_baner', 'Monitor', 'Dell', 'Dell S2721QS', 'dell-s2721qs', 'A monitor.', 2899900, 3500000, '8528', '3 years', 36)`,
      );
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await offerOf('prd_new_release')).toBeUndefined();
  });

  it('takes a suspended seller’s offers off sale and puts them back when reinstated', async () => {
    await pool.query(`update vendors set status = 'suspended' where id = 'ven_baner'`);
    expect((await pool.query(`select bool_or(vendor_active) as any from offers`)).rows[0]).toEqual({ any: false });
    await pool.query(`update vendors set status = 'approved' where id = 'ven_baner'`);
    expect((await pool.query(`select bool_and(vendor_active) as all from offers`)).rows[0]).toEqual({ all: true });
  });
});
