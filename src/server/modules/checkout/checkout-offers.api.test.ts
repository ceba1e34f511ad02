import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QuoteResponse } from '~/shared/schemas/orders';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

/**
 * Buying from another seller's offer of a product (decision 70): the line names the offer, the order
 * line records it with its configuration and seller, and the stock is the offer's.
 */
const kit = useOrdersTestApp();
const { rows, db, productsUnder, stockOf, customerWithAddress, place, placed } = kit;

/** A second approved seller's offer of the product's own configuration (a seller not offering it yet), cheaper by ₹500, with `stock` units. */
async function secondOffer(product: { id: string; vendor_id: string; price_paise: number }, stock: number) {
  const [vendor] = await rows<{ id: string; business_name: string }>(
    sql`select id, business_name from vendors v where status = 'approved' and id <> ${product.vendor_id}
           and not exists (select 1 from offers o where o.vendor_id = v.id and o.variant_id = ${product.id}) order by id limit 1`,
  );
  const id = `off_${randomUUID()}`;
  await db().execute(sql`
    insert into offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, dispatch_days, warranty, warranty_months)
    values (${id}, ${product.id}, ${product.id}, ${vendor!.id}, ${`SKU-${id}`}, ${product.price_paise - 50000}, ${stock}, 2,
            '1 year manufacturer warranty', 12)`);
  return { id, vendorId: vendor!.id, sellerName: vendor!.business_name, pricePaise: product.price_paise - 50000 };
}

const offerStock = async (id: string) => (await rows<{ stock: number }>(sql`select stock from offers where id = ${id}`))[0]!.stock;

describe('buying from another seller’s offer', () => {
  it('prices the line at that offer, records the offer and its seller on the order, and takes and gives back its stock only', async () => {
    const [product] = await productsUnder(24_000_00, 1, { anotherSellerFree: true });
    const offer = await secondOffer(product!, 3);
    const { cookie, addressId } = await customerWithAddress();
    const items = [{ productId: product!.id, offerId: offer.id, quantity: 2 }];

    const quote = (await json(kit.t.app, 'POST', '/api/orders/quote', { items, addressId }, cookie)).json() as QuoteResponse;
    expect(quote.totals.subtotalPaise).toBe(2 * offer.pricePaise);
    expect(quote.lines[0]!.sellerName).toBe(offer.sellerName);

    const { order } = await placed(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'cod' });
    expect(order.items[0]!.unitPricePaise).toBe(offer.pricePaise);
    expect(order.items[0]!.sellerName).toBe(offer.sellerName);
    const [line] = await rows<{ offer_id: string; variant_id: string; vendor_id: string }>(
      sql`select offer_id, variant_id, vendor_id from order_items where order_id = ${order.id}`,
    );
    expect(line).toEqual({ offer_id: offer.id, variant_id: product!.id, vendor_id: offer.vendorId });
    expect(await offerStock(offer.id)).toBe(1);
    // The product's own offer (its listing seller's) is untouched.
    expect(await stockOf(product!.id)).toBe(20);

    const cancelled = await json(kit.t.app, 'POST', `/api/orders/${order.id}/cancel`, { reason: 'Ordered by mistake' }, cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await offerStock(offer.id)).toBe(3);
    expect(await stockOf(product!.id)).toBe(20);
  });

  it('refuses an offer of another product, a paused offer and a suspended seller’s offer, naming the line', async () => {
    const [product, other] = await productsUnder(45_000_00, 2, { anotherSellerFree: true });
    const offer = await secondOffer(product!, 5);
    const { cookie, addressId } = await customerWithAddress();
    const order = (offerId: string, productId = product!.id) =>
      place(cookie, { items: [{ productId, offerId, quantity: 1 }], addressId, delivery: 'standard', paymentMethod: 'cod' });

    const wrongProduct = await order(offer.id, other!.id);
    expect(wrongProduct.statusCode).toBe(409);
    expect(wrongProduct.json().error.fields).toEqual({ 'items.0': 'This product is no longer for sale.' });

    await db().execute(sql`update offers set status = 'paused' where id = ${offer.id}`);
    expect((await order(offer.id)).statusCode).toBe(409);

    // The seller suspended: its offers go off sale with it (by trigger), and come back when it is reinstated.
    await db().execute(sql`update offers set status = 'active' where id = ${offer.id}`);
    await db().execute(sql`update vendors set status = 'suspended' where id = ${offer.vendorId}`);
    try {
      const suspended = await order(offer.id);
      expect(suspended.statusCode).toBe(409);
      expect(suspended.json().error.message).toMatch(/no longer for sale/);
    } finally {
      await db().execute(sql`update vendors set status = 'approved' where id = ${offer.vendorId}`);
    }
    expect(await offerStock(offer.id)).toBe(5);
    expect((await order(offer.id)).statusCode).toBe(201);
  });

  it('20 concurrent checkouts of an offer with 3 in stock make exactly 3 orders from it and leave the product’s own stock as it was', async () => {
    const [product] = await productsUnder(45_000_00, 1, { anotherSellerFree: true });
    const offer = await secondOffer(product!, 3);
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => customerWithAddress(undefined, `Offer Buyer ${i + 1}`)));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const { cookie, addressId } = buyers[i % buyers.length]!;
        return place(cookie, {
          items: [{ productId: product!.id, offerId: offer.id, quantity: 1 }],
          addressId,
          delivery: 'standard',
          paymentMethod: 'cod',
        });
      }),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect(await offerStock(offer.id)).toBe(0);
    expect(await stockOf(product!.id)).toBe(20);
    const [{ n }] = (await rows<{ n: number }>(
      sql`select coalesce(sum(quantity), 0)::int as n from order_items where offer_id = ${offer.id}`,
    )) as [{ n: number }];
    expect(n).toBe(3);
  });

  it('carts holding both sellers’ offers of a product, placed at once with carts holding one of them, all go through', async () => {
    const [product] = await productsUnder(20_000_00, 1, { anotherSellerFree: true });
    const offer = await secondOffer(product!, 20);
    const buyers = await Promise.all(Array.from({ length: 3 }, (_, i) => customerWithAddress(undefined, `Mixed Buyer ${i + 1}`)));
    const carts = [
      [
        { productId: product!.id, quantity: 1 },
        { productId: product!.id, offerId: offer.id, quantity: 1 },
      ],
      [{ productId: product!.id, offerId: offer.id, quantity: 1 }],
      [{ productId: product!.id, quantity: 1 }],
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const { cookie, addressId } = buyers[i % 3]!;
        return place(cookie, { items: carts[i % 3], addressId, delivery: 'standard', paymentMethod: 'cod' });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 12 }, () => 201));
    // Four carts of each kind: eight units from each seller.
    expect(await offerStock(offer.id)).toBe(12);
    expect(await stockOf(product!.id)).toBe(12);
  });

  it('names a configuration’s line with its options, in the quote, the order line and the stock check', async () => {
    const [product] = await productsUnder(40_000_00, 1);
    const [{ name }] = (await rows<{ name: string }>(sql`select name from products where id = ${product!.id}`)) as [{ name: string }];
    const variantId = `var_${randomUUID()}`;
    await db().execute(sql`update products set option_keys = '{ram,storage}' where id = ${product!.id}`);
    await db().execute(sql`update product_variants set options = '{"ram": "16 GB", "storage": "512 GB SSD"}' where id = ${product!.id}`);
    await db().execute(sql`
      insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code)
      values (${variantId}, ${product!.id}, '{"ram": "32 GB", "storage": "1 TB SSD"}'::jsonb, 1, ${product!.price_paise + 1000000}, '8471')`);
    const offerId = `off_${randomUUID()}`;
    await db().execute(sql`
      insert into offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, dispatch_days, warranty, warranty_months)
      values (${offerId}, ${variantId}, ${product!.id}, ${product!.vendor_id}, ${`SKU-${offerId}`}, ${product!.price_paise + 500000}, 2, 1,
              '1 year manufacturer warranty', 12)`);
    const { cookie, addressId } = await customerWithAddress();
    const named = `${name} (32 GB, 1 TB SSD)`;

    const tooMany = await json(
      kit.t.app,
      'POST',
      '/api/orders/quote',
      { items: [{ productId: product!.id, offerId, quantity: 3 }], addressId },
      cookie,
    );
    expect(JSON.stringify(tooMany.json())).toContain(`Only 2 of ${named} left in stock.`);

    const items = [{ productId: product!.id, offerId, quantity: 1 }];
    const quote = (await json(kit.t.app, 'POST', '/api/orders/quote', { items, addressId }, cookie)).json() as QuoteResponse;
    expect(quote.lines[0]!.name).toBe(named);
    const { order } = await placed(cookie, { items, addressId, delivery: 'standard', paymentMethod: 'cod' });
    expect(order.items[0]!.name).toBe(named);
    const [line] = await rows<{ name: string; variant_id: string }>(
      sql`select name, variant_id from order_items where order_id = ${order.id}`,
    );
    expect(line).toEqual({ name: named, variant_id: variantId });
  });
});
