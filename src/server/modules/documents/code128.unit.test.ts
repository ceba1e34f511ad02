import { describe, expect, it } from 'vitest';
import { code128Symbols, code128Widths } from './code128';

describe('Code 128', () => {
  it('encodes text in code set B with its check symbol', () => {
    // Start B 104, then P=48 J=42 J=42 1=17 2=18 3=19 C=35; check = (104 + Σ value × position) mod 103 = 879 mod 103.
    expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('encodes an all-digit AWB of even length in pairs (code set C)', () => {
    // Start C 105; 14 32 62 10 01 23 45; check = (105 + 14·1 + 32·2 + 62·3 + 10·4 + 1·5 + 23·6 + 45·7) mod 103.
    const symbols = code128Symbols('14326210012345');
    expect(symbols.slice(0, -1)).toEqual([105, 14, 32, 62, 10, 1, 23, 45]);
    expect(symbols.at(-1)).toBe((105 + 14 + 64 + 186 + 40 + 5 + 138 + 315) % 103);
  });

  it('draws 11 modules a symbol and 13 for the stop, starting and ending with a bar', () => {
    const widths = code128Widths('TS1234567890');
    expect(widths.reduce((n, w) => n + w, 0)).toBe(11 * code128Symbols('TS1234567890').length + 13);
    expect(widths.length % 2).toBe(1);
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Symbols('AWB–1')).toThrow();
  });
});
