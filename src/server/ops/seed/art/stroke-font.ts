/**
 * A small built-in stroke font (capitals, digits and a few symbols) for lettering drawn into
 * product images. It is pure vector paths, so rendering never depends on fonts installed on the
 * machine. Glyphs are drawn on a grid 6 units tall; `w` is the glyph's own width.
 */
interface Glyph {
  w: number;
  d: string;
}

const ring = (w: number) => {
  const r = w / 2;
  return `M0 ${r}A${r} ${r} 0 0 1 ${w} ${r}V${6 - r}A${r} ${r} 0 0 1 0 ${6 - r}Z`;
};

const GLYPHS: Record<string, Glyph> = {
  A: { w: 4.2, d: 'M0 6L2.1 0L4.2 6M0.75 4H3.45' },
  B: { w: 4, d: 'M0 6V0H2.3A1.5 1.5 0 0 1 2.3 3H0M2.3 3H2.5A1.5 1.5 0 0 1 2.5 6H0' },
  C: { w: 4, d: 'M3.8 1.13A2 2 0 0 0 0 2V4A2 2 0 0 0 3.8 4.87' },
  D: { w: 4, d: 'M0 0H1.8A2.2 3 0 0 1 1.8 6H0Z' },
  E: { w: 3.6, d: 'M3.6 0H0V6H3.6M0 3H3' },
  F: { w: 3.6, d: 'M3.6 0H0V6M0 3H3' },
  G: { w: 4, d: 'M3.8 1.13A2 2 0 0 0 0 2V4A2 2 0 0 0 4 4V3.2H2.3' },
  H: { w: 4, d: 'M0 0V6M4 0V6M0 3H4' },
  I: { w: 0, d: 'M0 0V6' },
  J: { w: 3.4, d: 'M3.4 0V4.3A1.7 1.7 0 0 1 0 4.3' },
  K: { w: 4, d: 'M0 0V6M4 0L0 4M1.35 2.65L4 6' },
  L: { w: 3.4, d: 'M0 0V6H3.4' },
  M: { w: 5, d: 'M0 6V0L2.5 4L5 0V6' },
  N: { w: 4, d: 'M0 6V0L4 6V0' },
  O: { w: 4.4, d: ring(4.4) },
  P: { w: 4, d: 'M0 6V0H2.4A1.6 1.6 0 0 1 2.4 3.2H0' },
  Q: { w: 4.4, d: `${ring(4.4)}M2.8 4.6L4.4 6.2` },
  R: { w: 4, d: 'M0 6V0H2.4A1.6 1.6 0 0 1 2.4 3.2H0M2.3 3.2L4 6' },
  S: {
    w: 4,
    d: 'M3.7 1C3.3 0.3 2.6 0 2 0C1 0 0.2 0.6 0.2 1.55C0.2 3.3 3.8 2.6 3.8 4.4C3.8 5.4 3 6 2 6C1.2 6 0.5 5.6 0.1 4.9',
  },
  T: { w: 4, d: 'M0 0H4M2 0V6' },
  U: { w: 4, d: 'M0 0V4A2 2 0 0 0 4 4V0' },
  V: { w: 4.2, d: 'M0 0L2.1 6L4.2 0' },
  W: { w: 5.6, d: 'M0 0L1.4 6L2.8 1.6L4.2 6L5.6 0' },
  X: { w: 4, d: 'M0 0L4 6M4 0L0 6' },
  Y: { w: 4.2, d: 'M0 0L2.1 3L4.2 0M2.1 3V6' },
  Z: { w: 4, d: 'M0 0H4L0 6H4' },
  '0': { w: 3.6, d: ring(3.6) },
  '1': { w: 2, d: 'M0 1.2L1.6 0V6' },
  '2': { w: 3.8, d: 'M0.2 1.4C0.5 0.5 1.2 0 2 0C3 0 3.8 0.7 3.8 1.7C3.8 2.9 2.4 3.8 0 6H3.8' },
  '3': { w: 3.8, d: 'M0.3 0H3.5L1.7 2.5C2.9 2.4 3.8 3.1 3.8 4.2C3.8 5.3 2.9 6 1.9 6C1.1 6 0.5 5.6 0.1 5' },
  '4': { w: 4, d: 'M3 6V0L0 4.2H4' },
  '5': { w: 3.8, d: 'M3.5 0H0.5L0.2 2.8C0.7 2.4 1.3 2.3 1.9 2.3C3 2.3 3.8 3.1 3.8 4.15C3.8 5.3 2.9 6 1.9 6C1.1 6 0.5 5.6 0.1 5' },
  '6': { w: 3.8, d: 'M3.3 0.3C2.9 0.1 2.4 0 1.9 0C0.8 0 0 1.4 0 4M0 4.1A1.9 1.9 0 1 0 3.8 4.1A1.9 1.9 0 1 0 0 4.1' },
  '7': { w: 3.8, d: 'M0 0H3.8L1.4 6' },
  '8': { w: 3.8, d: 'M1.9 0A1.5 1.5 0 1 0 1.9 3A1.5 1.5 0 1 0 1.9 0ZM1.9 3A1.9 1.5 0 1 0 1.9 6A1.9 1.5 0 1 0 1.9 3Z' },
  '9': { w: 3.8, d: 'M0.5 5.7C0.9 5.9 1.4 6 1.9 6C3 6 3.8 4.6 3.8 2M3.8 1.9A1.9 1.9 0 1 0 0 1.9A1.9 1.9 0 1 0 3.8 1.9' },
  '-': { w: 2.6, d: 'M0.2 3.3H2.4' },
  '.': { w: 0, d: 'M0 5.9V6' },
  ',': { w: 0.6, d: 'M0.6 5.6L0 6.8' },
  ':': { w: 0, d: 'M0 1.9V2M0 5.9V6' },
  '/': { w: 3, d: 'M0 6.3L3 -0.3' },
  '+': { w: 3.6, d: 'M0 3.2H3.6M1.8 1.4V5' },
  '&': { w: 4.4, d: 'M4.4 6L1 2.6C0.4 2 0.4 0 1.8 0C3.2 0 3.2 2 2.2 2.6L0.8 3.6C-0.2 4.4 0.2 6 1.8 6C2.8 6 3.6 5.4 4.2 4.2' },
  '(': { w: 1.4, d: 'M1.4 -0.3A4 4 0 0 0 1.4 6.3' },
  ')': { w: 1.4, d: 'M0 -0.3A4 4 0 0 1 0 6.3' },
  "'": { w: 0, d: 'M0 0V1.6' },
  '"': { w: 1.2, d: 'M0 0V1.6M1.2 0V1.6' },
  '#': { w: 4, d: 'M1.4 0.4L0.9 5.6M3.1 0.4L2.6 5.6M0.2 2H4M0 4H3.8' },
  '%': { w: 4, d: 'M4 0L0 6M0.8 0.2V1.4M3.2 4.6V5.8' },
};

const SPACE = 2.6;

/** Capitals and digits the font draws; other letters are folded (é → E) or become spaces. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u2122\u00ae\u00a9]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,:/+&()'"#%-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LetteringOptions {
  /** Cap height in output units. */
  size: number;
  /** Extra space between letters, in grid units (the grid is 6 tall). */
  tracking?: number;
  /** Stroke width in grid units. */
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  /** Shrinks the lettering to fit. */
  maxWidth?: number;
  color: string;
  opacity?: number;
}

/** Width of `text` in grid units (before scaling by size / 6). */
export function measureText(text: string, tracking = 1.4): number {
  const chars = [...normaliseText(text)];
  let width = 0;
  chars.forEach((ch, i) => {
    width += ch === ' ' ? SPACE : (GLYPHS[ch]?.w ?? SPACE);
    if (i < chars.length - 1) width += tracking;
  });
  return width;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * Lettering as one stroked path, baseline-free: (x, y) is the top of the capitals at the
 * anchor. Returns '' for text with nothing drawable.
 */
export function lettering(text: string, x: number, y: number, options: LetteringOptions): string {
  const tracking = options.tracking ?? 1.4;
  const chars = [...normaliseText(text)];
  if (chars.length === 0) return '';
  const total = measureText(text, tracking);
  let scale = options.size / 6;
  if (options.maxWidth !== undefined && total * scale > options.maxWidth) scale = options.maxWidth / total;
  const width = total * scale;
  const left = options.anchor === 'middle' ? x - width / 2 : options.anchor === 'end' ? x - width : x;
  const top = y + (options.size - 6 * scale) / 2;

  let d = '';
  let cursor = 0;
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (glyph && ch !== ' ') d += shift(glyph.d, cursor);
    cursor += ch === ' ' ? SPACE : (glyph?.w ?? SPACE);
    if (i < chars.length - 1) cursor += tracking;
  });
  if (!d) return '';
  const weight = options.weight ?? 0.9;
  return (
    `<path transform="translate(${round(left)} ${round(top)}) scale(${round(scale * 1000) / 1000})" d="${d}" fill="none" ` +
    `stroke="${options.color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round"` +
    `${options.opacity === undefined ? '' : ` stroke-opacity="${options.opacity}"`}/>`
  );
}

/**
 * Moves a glyph's path right by dx. Glyph paths use absolute commands only (M L H V A C Z),
 * so x coordinates are shifted by their position within each command.
 */
function shift(d: string, dx: number): string {
  if (dx === 0) return d;
  let out = '';
  const re = /([MLHVACZ])([^MLHVACZ]*)/g;
  for (let m = re.exec(d); m; m = re.exec(d)) {
    const cmd = m[1] as string;
    const nums = (m[2] ?? '').match(/-?\d*\.?\d+/g)?.map(Number) ?? [];
    const moved = nums.map((n, i) => {
      switch (cmd) {
        case 'H':
          return n + dx;
        case 'V':
          return n;
        case 'A':
          return i % 7 === 5 ? n + dx : n;
        default:
          return i % 2 === 0 ? n + dx : n;
      }
    });
    out += cmd + moved.map(round).join(' ');
  }
  return out;
}
