import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSettings } from '~/shared/schemas/settings';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  // A built page like Vite's, so the server has an index.html to write the head into.
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><meta name="description" content="default" /><title>Default</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://shop.example.in' });
  await seedDemoCatalogueForTests(t.services);
}, 60_000);
afterAll(() => t.close());

function jsonLd(html: string) {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

/** Every JSON-LD object of the page, by its @type. */
function jsonLdOfType(html: string, type: string) {
  const all = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  return all.filter((d: { '@type': string }) => d['@type'] === type);
}

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'shop.example.in' } });

async function saveSettings(change: (s: ShopSettings) => ShopSettings) {
  const current = await t.services.settingsService.forAdmin();
  await t.services.settingsService.update({ version: current.version, settings: change(current.settings) });
}

/** Google's BreadcrumbList rules: ListItems in order from 1, each with a name and the URL of its page. */
function trailOf(ld: { itemListElement: { '@type': string; position: number; name: string; item: string }[] }) {
  ld.itemListElement.forEach((crumb, i) => {
    expect(crumb['@type']).toBe('ListItem');
    expect(crumb.position).toBe(i + 1);
  });
  return ld.itemListElement.map((crumb) => [crumb.name, crumb.item]);
}

describe('pages as crawlers see them', () => {
  it('a product page carries its title, description, canonical URL, Open Graph and JSON-LD Product in INR', async () => {
    const { rows } = await t.services.database.db.execute<{ id: string; name: string; price_paise: number; stock: number }>(
      sql`select id, name, price_paise, stock from products where status = 'active' and stock > 0 order by sold_count desc limit 1`,
    );
    const p = rows[0]!;
    // API tests seed no image files; a row is enough for the page head.
    await t.services.database.db.execute(
      sql`insert into product_images (id, product_id, position, storage_key, alt, width, height) values ('img_seo_test', ${p.id}, 0, 'x.webp', 'front', 1200, 900) on conflict do nothing`,
    );
    const res = await t.app.inject({ method: 'GET', url: `/product/${p.id}`, headers: { host: 'shop.example.in' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<link rel="canonical" href="https://shop.example.in/product/${p.id}" />`);
    expect(html).toMatch(/<title>[^<]+ — Sahyadri Computers<\/title>/);
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\.in\/media\/products\/[^"]+\.jpg" \/>/);
    const ld = jsonLd(html);
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(p.name);
    expect(ld.offers).toEqual(
      expect.objectContaining({
        priceCurrency: 'INR',
        price: (p.price_paise / 100).toFixed(2),
        availability: 'https://schema.org/InStock',
      }),
    );
  });

  it("a product's offer carries its delivery in India from the settings (free above the threshold, else the flat fee; express) and the return window", async () => {
    const { rows } = await t.services.database.db.execute<{ id: string; price_paise: number }>(
      sql`select id, price_paise from products where status = 'active' and stock > 0 order by price_paise asc limit 1`,
    );
    const cheap = rows[0]!;
    const offerOf = async () => jsonLd((await page(`/product/${cheap.id}`)).body).offers;
    const settings = (await t.services.settingsService.forAdmin()).settings;
    const rupees = (paise: number) => (paise / 100).toFixed(2);

    let offer = await offerOf();
    const [standard, express] = offer.shippingDetails;
    const free = cheap.price_paise >= settings.shipping.freeShippingAtPaise;
    // Google's merchant listing: a rate (value and the offer's currency), a destination country, handling and transit days.
    for (const option of [standard, express]) {
      expect(option['@type']).toBe('OfferShippingDetails');
      expect(option.shippingRate).toEqual(expect.objectContaining({ '@type': 'MonetaryAmount', currency: offer.priceCurrency }));
      expect(option.shippingDestination).toEqual({ '@type': 'DefinedRegion', addressCountry: 'IN' });
      for (const part of ['handlingTime', 'transitTime']) {
        const time = option.deliveryTime[part];
        expect(time).toEqual(expect.objectContaining({ '@type': 'QuantitativeValue', unitCode: 'DAY' }));
        expect(time.minValue).toBeLessThanOrEqual(time.maxValue);
      }
    }
    expect(standard.shippingRate.value).toBe(free ? '0.00' : rupees(settings.shipping.standardPaise));
    expect(express.shippingRate.value).toBe(rupees(settings.shipping.expressPaise));
    // Checkout's promise across India: from 1 working day (Pune, Mumbai) to 14 (Lakshadweep), from the order.
    expect(standard.deliveryTime.handlingTime.minValue + standard.deliveryTime.transitTime.minValue).toBe(1);
    expect(standard.deliveryTime.handlingTime.maxValue + standard.deliveryTime.transitTime.maxValue).toBe(14);
    expect(offer.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'IN',
      returnPolicyCountry: 'IN',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: settings.returnWindowDays,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/FreeReturn',
    });

    // The admin changes the charges and the window: the next load of the page says so.
    await saveSettings((s) => ({
      ...s,
      shipping: { standardPaise: 149_00, expressPaise: 399_00, freeShippingAtPaise: cheap.price_paise + 1 },
      returnWindowDays: 10,
    }));
    offer = await offerOf();
    expect(offer.shippingDetails.map((o: { shippingRate: { value: string } }) => o.shippingRate.value)).toEqual(['149.00', '399.00']);
    expect(offer.hasMerchantReturnPolicy.merchantReturnDays).toBe(10);
    await saveSettings((s) => ({ ...s, shipping: { ...s.shipping, freeShippingAtPaise: cheap.price_paise } }));
    expect((await offerOf()).shippingDetails[0].shippingRate.value).toBe('0.00');
    await saveSettings((s) => ({ ...s, returnWindowDays: 0 }));
    expect((await offerOf()).hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'IN',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
    await saveSettings((s) => ({ ...s, shipping: settings.shipping, returnWindowDays: settings.returnWindowDays }));
  });

  it('a product page marks up the reviews it shows (author, stars, date, text) and its trail Home › category › product', async () => {
    const { rows } = await t.services.database.db.execute<{ product_id: string }>(
      sql`select r.product_id from product_reviews r join products p on p.id = r.product_id
           where p.status = 'active' and r.hidden_at is null group by r.product_id order by count(*) desc limit 1`,
    );
    const id = rows[0]!.product_id;
    const shown = (await t.services.reviewsService.list(id, 1)).items;
    expect(shown.length).toBeGreaterThan(0);
    const html = (await page(`/product/${id}`)).body;
    // The most reviewed may be a model of several configurations: its ProductGroup carries the reviews (decision 70).
    const [product] = [...jsonLdOfType(html, 'Product'), ...jsonLdOfType(html, 'ProductGroup')];
    expect(product.review).toEqual(
      shown.map((r) => ({
        '@type': 'Review',
        name: r.title,
        reviewBody: r.body,
        datePublished: r.createdAt.slice(0, 10),
        author: { '@type': 'Person', name: r.authorName },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      })),
    );
    expect(product.aggregateRating.reviewCount).toBeGreaterThanOrEqual(shown.length);
    const [trail] = jsonLdOfType(html, 'BreadcrumbList');
    const detail = await t.services.catalogueService.product(id);
    const plural = { Laptop: 'Laptops', Desktop: 'Desktops', Monitor: 'Monitors' }[detail.category];
    expect(trailOf(trail)).toEqual([
      ['Home', 'https://shop.example.in/'],
      [plural, `https://shop.example.in/category/${detail.category}`],
      [detail.name, `https://shop.example.in/product/${id}`],
    ]);
  });

  it('listing pages carry their trail: a category, all products and a search', async () => {
    const trail = async (url: string) => trailOf(jsonLdOfType((await page(url)).body, 'BreadcrumbList')[0]);
    expect(await trail('/category/Monitor?sort=price_asc')).toEqual([
      ['Home', 'https://shop.example.in/'],
      ['Monitors', 'https://shop.example.in/category/Monitor'],
    ]);
    expect(await trail('/products')).toEqual([
      ['Home', 'https://shop.example.in/'],
      ['All products', 'https://shop.example.in/products'],
    ]);
    expect(await trail('/search?q=thinkpad')).toEqual([
      ['Home', 'https://shop.example.in/'],
      ['Results for “thinkpad”', 'https://shop.example.in/search?q=thinkpad'],
    ]);
  });

  it('the home page has its canonical URL and the shop as an Organization: name, URL, logo, address, GSTIN and a contact point from the settings', async () => {
    const settings = (await t.services.settingsService.forAdmin()).settings;
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example.in/" />');
    expect(res.body).toContain('<title>Sahyadri Computers — laptops, desktops and monitors across India</title>');
    const [shop] = jsonLdOfType(res.body, 'OnlineStore');
    expect(shop).toEqual(
      expect.objectContaining({
        '@context': 'https://schema.org',
        name: 'Sahyadri Computers',
        url: 'https://shop.example.in/',
        logo: 'https://shop.example.in/logo.png',
        email: settings.invoice.email,
        telephone: '+91 20 4567 8910',
        vatID: settings.invoice.gstin,
        address: expect.objectContaining({ '@type': 'PostalAddress', addressLocality: 'Pune', postalCode: '411005', addressCountry: 'IN' }),
        contactPoint: expect.objectContaining({
          '@type': 'ContactPoint',
          contactType: 'customer service',
          telephone: '+91 20 4567 8910',
          email: settings.invoice.email,
        }),
      }),
    );
    expect(shop.hasMerchantReturnPolicy.merchantReturnDays).toBe(settings.returnWindowDays);
    // The logo is the bundled one: a PNG Google can show (at least 112 px square).
    const logo = await sharp(path.resolve('src/web/public/logo.png')).metadata();
    expect(logo.format).toBe('png');
    expect(logo.width).toBeGreaterThanOrEqual(112);
    expect(logo.width).toBe(logo.height);

    // The shop's contact details change in Settings: the home page says so on its next load (a number
    // saved without +91 is written with it).
    await saveSettings((s) => ({ ...s, invoice: { ...s.invoice, phone: '020 4000 1234', email: 'help@sahyadricomputers.in' } }));
    const [changed] = jsonLdOfType((await page('/')).body, 'OnlineStore');
    expect(changed.contactPoint).toEqual(expect.objectContaining({ telephone: '+91 20 4000 1234', email: 'help@sahyadricomputers.in' }));
    await saveSettings((s) => ({ ...s, invoice: settings.invoice }));
  });

  it('a product of several configurations is a ProductGroup with each configuration, and a page naming one is its own canonical page', async () => {
    const db = t.services.database.db;
    const { rows } = await db.execute<{ id: string }>(sql`select id from vendors where status = 'approved' order by id limit 1`);
    const vendorId = rows[0]!.id;
    await db.execute(
      sql`insert into products (id, vendor_id, category, brand, name, slug, sku, description, price_paise, mrp_paise, stock, status,
                                hsn_code, warranty, warranty_months, ram_gb, storage_gb, storage_type, spec_terms, option_keys)
          values ('prd_seoGroup', ${vendorId}, 'Laptop', 'Lenovo', 'ThinkPad E14 Gen 5', 'thinkpad-e14-gen-5-seo', 'SEO-E14-16',
                  'A business laptop in two configurations.', 6899000, 8900000, 10, 'active', '8471', '1 year', 12, 16, 512, 'SSD', '',
                  '{ram,storage}')`,
    );
    await db.execute(sql`update product_variants set options = '{"ram": "16 GB", "storage": "512 GB SSD"}' where id = 'prd_seoGroup'`);
    await db.execute(
      sql`insert into product_variants (id, product_id, options, position, mrp_paise, hsn_code, ram_gb, storage_gb, storage_type)
          values ('pvr_seo_32', 'prd_seoGroup', '{"ram": "32 GB", "storage": "1 TB SSD"}', 1, 9900000, '8471', 32, 1024, 'SSD')`,
    );
    await db.execute(
      sql`insert into offers (id, variant_id, product_id, vendor_id, price_paise, stock, warranty, warranty_months)
          values ('ofr_seo_32', 'pvr_seo_32', 'prd_seoGroup', ${vendorId}, 8499000, 3, '1 year', 12)`,
    );

    const plain = await page('/product/prd_seoGroup');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<link rel="canonical" href="https://shop.example.in/product/prd_seoGroup" />');
    const [group] = jsonLdOfType(plain.body, 'ProductGroup');
    expect(jsonLdOfType(plain.body, 'Product')).toEqual([]);
    expect(group).toMatchObject({ name: 'ThinkPad E14 Gen 5', productGroupID: 'prd_seoGroup' });
    expect(group.hasVariant).toHaveLength(2);
    expect(group.hasVariant[1]).toMatchObject({
      '@type': 'Product',
      name: 'ThinkPad E14 Gen 5 (32 GB · 1 TB SSD)',
      inProductGroupWithID: 'prd_seoGroup',
      url: 'https://shop.example.in/product/prd_seoGroup?variant=pvr_seo_32',
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'RAM', value: '32 GB' },
        { '@type': 'PropertyValue', name: 'Storage', value: '1 TB SSD' },
      ],
      offers: expect.objectContaining({ price: '84990.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' }),
    });

    const named = await page('/product/prd_seoGroup?variant=pvr_seo_32');
    expect(named.body).toContain('<link rel="canonical" href="https://shop.example.in/product/prd_seoGroup?variant=pvr_seo_32" />');
    expect(named.body).toContain('<title>ThinkPad E14 Gen 5 (32 GB · 1 TB SSD) — Sahyadri Computers</title>');
    expect(named.body).toMatch(/<meta name="description" content="ThinkPad E14 Gen 5 \(32 GB · 1 TB SSD\) at ₹84,990\.00/);
  });

  it('an unknown product is a 404 page that asks not to be indexed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product/prd_nothing', headers: { host: 'shop.example.in' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('a category page has its own title, canonical and an item list; an unknown category is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/category/Monitor?sort=price_asc', headers: { host: 'shop.example.in' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Monitors — buy online with GST invoice — Sahyadri Computers</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example.in/category/Monitor" />');
    expect(jsonLd(res.body)['@type']).toBe('ItemList');
    expect((await t.app.inject({ method: 'GET', url: '/category/Tablet', headers: { host: 'shop.example.in' } })).statusCode).toBe(404);
  });

  it('a search page names the query, escaped, and is not indexed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/search?q=${encodeURIComponent('<b>thinkpad</b>')}`,
      headers: { host: 'shop.example.in' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Results for “&lt;b&gt;thinkpad&lt;/b&gt;” — Sahyadri Computers</title>');
    expect(res.body).not.toContain('<b>thinkpad</b>');
    expect(res.body).toContain('noindex, follow');
  });

  it('serves sitemap.xml with every product and robots.txt pointing to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const { rows } = await t.services.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where status = 'active'`,
    );
    expect(sitemap.body.match(/\/product\/prd_/g)).toHaveLength(rows[0]!.n);
    expect(sitemap.body).toContain('<loc>https://shop.example.in/category/Laptop</loc>');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
