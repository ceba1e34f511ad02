import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_MESSAGE } from '~/shared/schemas/product-imports';
import { csvOf, monitorRow } from '../../test/catalogue-csv-kit';
import { CATEGORIES } from '~/shared/constants';
import { readPictureUrls, readProductsCsv, templateCsv } from './vendor-products-csv';

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

  it('lists the column in every template, empty in an example row that stays a valid product', async () => {
    for (const category of CATEGORIES) {
      const csv = templateCsv(category);
      expect(csv.split('\n')[0]).toMatch(/,picture_urls\r?$/);
      const { rows } = await readProductsCsv(csv);
      expect(rows).toEqual([expect.objectContaining({ action: 'create', errors: {}, pictureUrls: [] })]);
    }
  });
});
