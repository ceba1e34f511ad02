import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompressedAnswers } from './compressed-answers';

const page = (price: string) => `<!doctype html><html><body>${'<p>Lenovo ThinkPad E14 Gen 6</p>'.repeat(200)}<b>${price}</b></body></html>`;

describe('compressed answers', () => {
  it('chooses brotli, else gzip, as the browser accepts, and nothing for a client that accepts neither or a short answer', () => {
    const pages = createCompressedAnswers({ maxBytes: 1024 * 1024 });
    const html = page('₹89,199.00');
    expect(pages.encodingFor('gzip, deflate, br, zstd', html)).toBe('br');
    expect(pages.encodingFor('gzip, deflate', html)).toBe('gzip');
    expect(pages.encodingFor('br;q=0, gzip;q=0.5', html)).toBe('gzip');
    expect(pages.encodingFor('identity', html)).toBeUndefined();
    expect(pages.encodingFor(undefined, html)).toBeUndefined();
    // A short answer is not worth it.
    expect(pages.encodingFor('gzip, deflate, br, zstd', '{"items":[]}')).toBeUndefined();
  });

  it('compresses a kept answer once per encoding, and anew when the answer under that key was computed anew', () => {
    const pages = createCompressedAnswers({ maxBytes: 1024 * 1024 });
    const first = pages.body('7:html:/product/p1', 'br', page('₹89,199.00'));
    expect(brotliDecompressSync(first).toString('utf8')).toBe(page('₹89,199.00'));
    expect(pages.body('7:html:/product/p1', 'br', page('₹89,199.00'))).toBe(first);

    const gzip = pages.body('7:html:/product/p1', 'gzip', page('₹89,199.00'));
    expect(gunzipSync(gzip).toString('utf8')).toBe(page('₹89,199.00'));

    const rerendered = pages.body('7:html:/product/p1', 'br', page('₹88,999.00'));
    expect(rerendered).not.toBe(first);
    expect(brotliDecompressSync(rerendered).toString('utf8')).toContain('₹88,999.00');
  });

  it('keeps no more than its size allows, the least recently sent going first', () => {
    const html = page('₹89,199.00');
    const pages = createCompressedAnswers({ maxBytes: html.length * 2 + 1024 });
    const a = pages.body('a', 'gzip', html);
    pages.body('b', 'gzip', html);
    pages.body('c', 'gzip', html);
    expect(pages.body('a', 'gzip', html)).not.toBe(a);
  });
});
