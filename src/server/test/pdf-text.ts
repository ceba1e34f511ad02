import { inflateSync } from 'node:zlib';

/** A PDF's objects by number, their streams inflated when pdfkit compressed them (its default). */
function pdfObjects(pdf: Buffer): Map<string, string> {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    // pdfkit ends a stream with "\nendstream": a compressed stream whose last byte is \r keeps it.
    const stream = /^([\s\S]*?)stream\r?\n([\s\S]*?)\nendstream/.exec(body);
    if (stream && /\/Filter\s*\/FlateDecode/.test(stream[1]!)) {
      objects.set(m[1]!, `${stream[1]}\n${inflateSync(Buffer.from(stream[2]!, 'latin1')).toString('latin1')}`);
    } else objects.set(m[1]!, body);
  }
  return objects;
}

/** The text of a pdfkit PDF: glyph ids decoded through each font's ToUnicode map, a line per text object. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = pdfObjects(pdf);
  const fontRefs = new Map<string, string>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontRefs.set(m[1]!, m[2]!);
  const maps = new Map<string, Map<number, string>>();
  for (const [name, ref] of fontRefs) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref) ?? '')?.[1];
    const cmap = toUnicode ? (objects.get(toUnicode) ?? '') : '';
    const map = new Map<number, string>();
    for (const m of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4})> \[([^\]]*)\]/gi)) {
      // A ligature maps to several code points: <0066 0066 0069>.
      const values = [...m[3]!.matchAll(/<([0-9a-f ]+)>/gi)].map((v) => v[1]!.replace(/ /g, ''));
      values.forEach((hex, i) =>
        map.set(parseInt(m[1]!, 16) + i, String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))),
      );
    }
    maps.set(name, map);
  }
  const contents = [...raw.matchAll(/\/Contents (\d+) 0 R/g)].map((m) => objects.get(m[1]!) ?? '').join('\n');
  let font = new Map<number, string>();
  let out = '';
  for (const m of contents.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|\bET\b/g)) {
    if (m[1]) font = maps.get(m[1]) ?? new Map();
    else if (m[2] !== undefined) {
      for (const [, hex] of m[2].matchAll(/<([0-9a-f]*)>/gi)) {
        for (const id of hex!.match(/.{4}/g) ?? []) out += font.get(parseInt(id, 16)) ?? '?';
      }
    } else out += '\n';
  }
  return out;
}
