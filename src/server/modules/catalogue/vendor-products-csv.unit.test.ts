import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_MESSAGE } from '~/shared/schemas/product-imports';
import { csvOf, monitorRow } from '../../test/catalogue-csv-kit';
import { readProductsCsv } from './vendor-products-csv';

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
