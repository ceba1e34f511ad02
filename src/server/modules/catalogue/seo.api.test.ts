import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
