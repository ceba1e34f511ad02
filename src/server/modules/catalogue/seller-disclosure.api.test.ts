import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailResponse } from '~/shared/schemas/catalogue';
import type { ImportPreview } from '~/shared/schemas/vendor-products';
import { signInAdmin, signUpCustomer } from '../../test/accounts-kit';
import { csvOf, laptopRow, sendCsv } from '../../test/catalogue-csv-kit';
import { approvedSeller, deliveredOrder, laptopForm, listProduct } from '../../test/product-review-kit';
import { createTestApp, json, type TestApp } from '../../test/test-app';

/**
 * What the product page discloses (decision 73): the selling seller's legal name, address, customer-care contact,
 * rating and the return and warranty terms (Consumer Protection (E-Commerce) Rules 2020, rules 5 and 6), and where
 * the product is made and who made or imported it (Legal Metrology). The storefront's answers are cached here
 * (as in production), so a seller's change must reach the page at once.
 */
let t: TestApp;
let admin: string;
let seller: Awaited<ReturnType<typeof approvedSeller>>;

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_CACHE_SECONDS: 300 });
  admin = (await signInAdmin(t)).cookie;
  seller = await approvedSeller(t, admin, 'Shivaji Nagar Laptops', { trusted: true });
}, 60_000);
afterAll(() => t.close());

async function page(id: string): Promise<ProductDetailResponse> {
  const res = await json(t.app, 'GET', `/api/catalogue/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const winnerOf = (p: ProductDetailResponse) => p.variants.find((v) => v.id === p.selectedVariantId)!.winner!;

const PROFILE = {
  businessName: 'Shivaji Nagar Laptops',
  contactName: 'Rohan Deshmukh',
  contactEmail: 'rohan@shivajinagar.example',
  mobile: '98220 45678',
  pickupLine1: 'Shop 2, Laxmi Road',
  pickupCity: 'Pune',
  pickupState: 'Maharashtra',
  pickupPinCode: '411005',
};

describe('the seller the product page discloses', () => {
  it('names the seller by its legal name and address, with its care contact, rating, return and warranty terms', async () => {
    const product = await listProduct(t, seller.cookie, { warranty: '1 year onsite warranty' });
    const p = await page(product.id);
    const winner = winnerOf(p);
    expect(winner.seller.name).toBe('Shivaji Nagar Laptops');
    // Until the seller names them, its business name, mobile and address from registration are disclosed.
    expect(winner.sellerDetails).toEqual({
      legalName: 'Shivaji Nagar Laptops',
      address: 'Shop 2, Laxmi Road, Pune, Maharashtra 411005',
      carePhone: '+91 98220 45678',
      careEmail: null,
      rating: null,
    });
    expect(winner.warranty).toBe('1 year onsite warranty');
    expect(p.returnTerms).toBe('Returnable within 7 days of delivery');
  });

  it('shows what the seller saves in its profile at once, though the page was cached', async () => {
    const product = await listProduct(t, seller.cookie);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).statusCode).toBe(200);
    expect((await json(t.app, 'GET', `/api/catalogue/products/${product.id}`)).headers['x-cache']).toBe('hit');

    const saved = await json(
      t.app,
      'PUT',
      '/api/vendor/profile',
      { ...PROFILE, legalName: 'Shivaji Nagar Computers Pvt Ltd', carePhone: '020 2553 0101', careEmail: 'Care@ShivajiNagar.example' },
      seller.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({
      legalName: 'Shivaji Nagar Computers Pvt Ltd',
      carePhone: '+912025530101',
      careEmail: 'care@shivajinagar.example',
    });
    expect(winnerOf(await page(product.id)).sellerDetails).toMatchObject({
      legalName: 'Shivaji Nagar Computers Pvt Ltd',
      carePhone: '+91 20255 30101',
      careEmail: 'care@shivajinagar.example',
    });
  });

  it('refuses a care phone that is not an Indian number and a care e-mail that is not one, by field', async () => {
    const res = await json(
      t.app,
      'PUT',
      '/api/vendor/profile',
      { ...PROFILE, carePhone: '12345', careEmail: 'care at shop' },
      seller.cookie,
    );
    expect(res.statusCode).toBe(400);
    const { fields } = (res.json() as { error: { fields: Record<string, string> } }).error;
    expect(fields.carePhone).toMatch(/10-digit Indian phone number/);
    expect(fields.careEmail).toMatch(/valid e-mail/);
  });

  it('rates a seller from its buyers’ reviews of delivered orders once it has three, and calls it new before', async () => {
    const product = await listProduct(t, seller.cookie);
    const ratings = [5, 4, 4];
    for (const [i, rating] of ratings.entries()) {
      const buyer = await signUpCustomer(t, `Buyer ${i}`);
      await deliveredOrder(t, buyer.uid, product.id);
      const review = { rating, title: 'Works well', body: 'Arrived on time and works as described.' };
      const res = await json(t.app, 'POST', `/api/catalogue/products/${product.id}/reviews`, review, buyer.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const shown = winnerOf(await page(product.id)).sellerDetails.rating;
      // Two reviews are too few to say much: "New seller".
      expect(shown).toEqual(i < 2 ? null : { average: 4.3, reviews: 3 });
    }
  });
});

describe('where the product is made and who made or imported it', () => {
  it('says "not stated" for a product listed before the rule, and names the importer of one made abroad', async () => {
    const before = await listProduct(t, seller.cookie, { originCountry: '', makerName: '', makerAddress: '', status: 'draft' });
    // A product approved before the rule may be on sale without them.
    await t.services.database.pool.query(`update products set status = 'active', approved_at = now() where id = $1`, [before.id]);
    await json(t.app, 'PUT', '/api/vendor/profile', PROFILE, seller.cookie); // drops the cached answers
    expect((await page(before.id)).product.origin).toEqual({
      country: null,
      makerRole: 'Manufacturer',
      makerName: null,
      makerAddress: null,
    });

    const imported = await listProduct(t, seller.cookie, {
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
    });
    expect((await page(imported.id)).product.origin).toEqual({
      country: 'China',
      makerRole: 'Importer',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
    });
    const made = await listProduct(t, seller.cookie, { originCountry: 'India', makerName: 'Dixon Technologies (India) Ltd' });
    expect((await page(made.id)).product.origin.makerRole).toBe('Manufacturer');
  });

  it('refuses to put a new product on sale without them, naming each field; a draft may wait', async () => {
    const body = laptopForm({ originCountry: '', makerName: '', makerAddress: '' });
    const refused = await json(t.app, 'POST', '/api/vendor/products', body, seller.cookie);
    expect(refused.statusCode).toBe(400);
    const { fields } = (refused.json() as { error: { fields: Record<string, string> } }).error;
    expect(fields.originCountry).toMatch(/country of origin/);
    expect(fields.makerName).toMatch(/manufacturer/);
    expect(fields.makerAddress).toMatch(/address/);

    const draft = await json(t.app, 'POST', '/api/vendor/products', { ...body, status: 'draft' }, seller.cookie);
    expect(draft.statusCode, draft.body).toBe(201);
    const id = (draft.json() as { product: { id: string } }).product.id;
    const onSale = await json(t.app, 'PATCH', `/api/vendor/products/${id}`, { status: 'active' }, seller.cookie);
    expect(onSale.statusCode).toBe(400);
    expect(onSale.json().error.fields.originCountry).toMatch(/country of origin/);
  });

  it('lets an admin set them with the product form', async () => {
    const product = await listProduct(t, seller.cookie);
    const res = await json(
      t.app,
      'PATCH',
      `/api/admin/products/${product.id}`,
      laptopForm({
        name: product.name,
        sku: product.sku,
        originCountry: 'Taiwan',
        makerName: 'ASUS India Pvt Ltd',
        makerAddress: 'Mumbai',
      }),
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(product.id)).product.origin).toMatchObject({
      country: 'Taiwan',
      makerRole: 'Importer',
      makerName: 'ASUS India Pvt Ltd',
    });
  });

  it("is another seller's product's to change only by its seller: another seller gets a 404", async () => {
    const product = await listProduct(t, seller.cookie);
    const other = await approvedSeller(t, admin, 'Camp Computers');
    const res = await json(
      t.app,
      'PUT',
      `/api/vendor/products/${product.id}`,
      laptopForm({ originCountry: 'India', makerName: 'Camp Computers', makerAddress: 'Camp, Pune' }),
      other.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect((await page(product.id)).product.origin.makerName).toBe(product.makerName);
  });

  it('refuses a CSV row of a new product put on sale without its country of origin, with a row error', async () => {
    const rows = [
      laptopRow('ORG-16-512', '16', '512', { product_key: 'origin-x', country_of_origin: '' }),
      laptopRow('ORG-16-1024', '16', '1024', { product_key: 'origin-x', country_of_origin: '' }),
    ];
    const res = await sendCsv(t, '/api/vendor/products/import/preview', csvOf(rows), seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview.rows[0]).toMatchObject({ action: 'error' });
    expect(preview.rows[0]!.errors.country_of_origin).toMatch(/country of origin/);
    expect(preview.rows[1]!.action).toBe('error');

    const good = await sendCsv(
      t,
      '/api/vendor/products/import/preview',
      csvOf([laptopRow('ORG-8-512', '8', '512', { product_key: 'origin-y' })]),
      seller.cookie,
    );
    expect((good.json() as ImportPreview).rows[0]).toMatchObject({ action: 'create', errors: {} });
  });

  it('exports them in the CSV', async () => {
    const res = await json(t.app, 'GET', '/api/vendor/products/export', undefined, seller.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body.split('\n');
    expect(header).toContain('country_of_origin,manufacturer_or_importer,manufacturer_or_importer_address');
    expect(lines.some((l) => l.includes('Taiwan') && l.includes('ASUS India Pvt Ltd'))).toBe(true);
  });
});
