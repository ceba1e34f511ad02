import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_MESSAGE } from '~/shared/schemas/product-imports';
import { csvOf, laptopRow, monitorRow } from '../../test/catalogue-csv-kit';
import { CATEGORIES } from '~/shared/constants';
import { readPictureUrls, readProductsCsv } from './vendor-products-csv';
import { templateCsv } from './vendor-products-csv-template';

describe('reading an uploaded products CSV (decision 56)', () => {
  it('reads and checks its rows giving the event loop back meanwhile: a timer set before it runs before it ends', async () => {
    const csv = csvOf(Array.from({ length: 2_000 }, (_, i) => monitorRow(`TURN-${i}`)));
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const read = readProductsCsv(csv).then((r) => {
      order.push('read');
      return r;
    });
    expect((await read).rows.filter((r) => r.action === 'create')).toHaveLength(2_000);
    expect(order).toEqual(['timer', 'read']);
  }, 30_000);

  it('refuses a file of 200,000 rows once its 10,001st row is read, without reading the rest', async () => {
    // Row 150,000 could not be read at all: a reader that went that far would say so instead.
    const rows = Array.from({ length: 200_000 }, (_, i) => `S-${i},Laptop ${i},49990`);
    rows[150_000] = 'S-150000,"Unclosed quote,49990';
    const csv = `sku,name,price\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(csv)).toBeGreaterThan(5_000_000);
    await expect(readProductsCsv(csv)).rejects.toMatchObject({ message: TOO_MANY_ROWS_MESSAGE, fields: { file: 'Too many rows.' } });
  }, 30_000);
});

describe('the picture_urls cell (decision 61)', () => {
  it('reads web addresses separated by spaces, new lines or ;, each once, as its URL spells it', () => {
    expect(
      readPictureUrls(
        ' https://img.example.in/a.jpg;https://img.example.in/b.jpg\n\nhttp://IMG.example.in/c.jpg  https://img.example.in/a.jpg ;',
      ),
    ).toEqual(['https://img.example.in/a.jpg', 'https://img.example.in/b.jpg', 'http://img.example.in/c.jpg']);
    expect(readPictureUrls('')).toEqual([]);
    expect(readPictureUrls(' ; \n ')).toEqual([]);
  });

  it('refuses what is not a web address, another scheme, more than 8 addresses and one over 2,048 characters', () => {
    expect(readPictureUrls('front.jpg')).toEqual({ error: expect.stringContaining('"front.jpg" is not a web address') });
    expect(readPictureUrls('https://img.example.in/a.jpg javascript:alert(1)')).toEqual({
      error: '"javascript:alert(1)" is not an http or https address',
    });
    expect(readPictureUrls('file:///etc/passwd')).toEqual({ error: '"file:///etc/passwd" is not an http or https address' });
    const addresses = (n: number) => Array.from({ length: n }, (_, i) => `https://img.example.in/${i}.jpg`).join(' ');
    expect(readPictureUrls(addresses(8))).toHaveLength(8);
    expect(readPictureUrls(addresses(9))).toEqual({ error: 'A product can have at most 8 pictures; this cell has 9 addresses' });
    const long = `https://img.example.in/${'a'.repeat(2_048 - 27)}.jpg`;
    expect(long).toHaveLength(2_048);
    expect(readPictureUrls(long)).toEqual([long]);
    expect(readPictureUrls(`${long}x`)).toEqual({
      error: expect.stringMatching(/^An address may be at most 2,048 characters; ".{57}…" has 2,049$/),
    });
  });

  it('lists the column in every template, empty in example rows that stay a valid product of two configurations', async () => {
    for (const category of CATEGORIES) {
      const csv = templateCsv(category);
      expect(csv.split('\n')[0]).toMatch(/^\uFEFF?product_key,sku,option1_name,option1_value,.*,picture_urls\r?$/);
      const { rows } = await readProductsCsv(csv);
      const row = expect.objectContaining({ action: 'create', errors: {}, pictureUrls: [], groupLine: 2 });
      expect(rows).toEqual([row, row]);
      // The second row left the product's fields empty: it has the first row's.
      expect(rows[1]!.product).toMatchObject({ name: rows[0]!.product!.name, category });
      expect(rows[0]!.options).not.toEqual(rows[1]!.options);
    }
  });
});

describe('a CSV of one row per configuration (decision 70, "The sellers\' CSV")', () => {
  it('reads rows of one product_key as one product, its options by key, and a later row may leave the product fields empty', async () => {
    const { rows, grouped } = await readProductsCsv(
      csvOf([
        laptopRow('IPX-16-512', '16', '512', { product_key: 'ideapad-x' }),
        laptopRow('IPX-16-1TB', '16', '1024', {
          product_key: 'ideapad-x',
          name: '',
          brand: '',
          description: '',
          option1_name: '',
          option2_name: '',
        }),
        laptopRow('IPX-32-1TB', '32', '1024', { product_key: 'ideapad-x', dispatch_days: '3', condition: 'Refurbished', grade: 'a' }),
      ]),
    );
    expect(grouped).toBe(true);
    expect(rows.map((r) => [r.action, r.groupLine, r.options])).toEqual([
      ['create', 2, { ram: '16 GB', storage: '512 GB SSD' }],
      ['create', 2, { ram: '16 GB', storage: '1024 GB SSD' }],
      ['create', 2, { ram: '32 GB', storage: '1024 GB SSD' }],
    ]);
    expect(rows[1]!.product).toMatchObject({ name: 'Lenovo IdeaPad X Core i5 15', brand: 'Lenovo' });
    expect(rows[2]!.offer).toEqual({ ean: null, dispatchDays: 3, condition: 'refurbished', grade: 'A' });
    expect(rows[0]!.optionKeys).toEqual(['ram', 'storage']);
  });

  it('names the row and the field of a product field that disagrees, and of options another row has, and keeps the whole product out', async () => {
    const { rows } = await readProductsCsv(
      csvOf([
        laptopRow('IPY-16-512', '16', '512', { product_key: 'ideapad-y' }),
        laptopRow('IPY-16-1TB', '16', '1024', { product_key: 'IdeaPad-Y', brand: 'Acer' }),
        laptopRow('IPZ-16-512', '16', '512', { product_key: 'ideapad-z' }),
        laptopRow('IPZ-16-512-B', '16', '512', { product_key: 'ideapad-z' }),
        laptopRow('IPW-1', '16', '512', { product_key: 'ideapad-w', condition: 'refurbished' }),
      ]),
    );
    expect(rows.map((r) => r.action)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(rows[1]!.errors.brand).toBe(
      'Line 2 of this product (product_key "IdeaPad-Y") says "Lenovo": the rows of one product must agree on it, or leave it empty.',
    );
    expect(rows[0]!.errors.product_key).toBe(
      'Not imported: line 3 of this product has an error, and a product is imported with all its rows or none.',
    );
    expect(rows[3]!.errors.option1_value).toBe(
      'Line 4 of this product has the same options (16 GB / 512 GB SSD): each configuration needs its own row',
    );
    expect(rows[2]!.errors.product_key).toMatch(/^Not imported: line 5/);
    expect(rows[4]!.errors.grade).toBe('A refurbished unit needs its grade: A, B or C');
  });

  it('reads a file of before (no product_key, no option columns) as one product a row, as it always did', async () => {
    const { rows, grouped } = await readProductsCsv(csvOf([monitorRow('OLD-1'), monitorRow('OLD-2')]));
    expect(grouped).toBe(false);
    expect(rows.map((r) => [r.action, r.groupLine, r.productKey, r.options])).toEqual([
      ['create', 2, null, {}],
      ['create', 3, null, {}],
    ]);
  });
});
