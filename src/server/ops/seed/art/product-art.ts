import sharp from 'sharp';
import {
  box,
  Camera,
  circle,
  floorShadow,
  glare,
  hashString,
  hsl,
  lit,
  luminance,
  mix,
  r1,
  r2,
  rect,
  Rng,
  shade,
  Svg,
  wallpaper,
  WALLPAPER_STYLES,
  type V3,
  type WallpaperOptions,
} from './art-kit';
import { lettering } from './stroke-font';

/**
 * Product pictures drawn from a product's facts, for the demo catalogue: no photographs are
 * shipped or downloaded. The category decides the shape (laptop, tower / small-form-factor /
 * mini PC / all-in-one, monitor, curved or ultrawide), the brand decides the colours and the
 * wordmark on the device, and the product key seeds the details (screen wallpaper, bezels,
 * stand, ports). Every product gets a front view and a second view from another side.
 */
export interface ProductArtInput {
  key: string;
  category: 'Laptop' | 'Desktop' | 'Monitor';
  brand: string;
  name: string;
  model: string;
  screenSizeIn?: number | null;
}

export interface ProductArt {
  buffer: Buffer;
  width: number;
  height: number;
  alt: string;
  view: string;
}

export const ART_WIDTH = 1200;
export const ART_HEIGHT = 900;
const WEBP_QUALITY = 82;
/**
 * libwebp effort 0–6. Masters are only ever resized by the media route, never sent as they
 * are, so the fastest effort is right: it costs some bytes, not quality.
 */
const WEBP_EFFORT = 0;

// ---------------------------------------------------------------- looks

interface BrandStyle {
  accent: string;
  bodies: string[];
}

const BRANDS: Record<string, BrandStyle> = {
  lenovo: { accent: '#e2231a', bodies: ['#9ca1a8', '#3d4148', '#c8ccd2', '#4a5a70', '#c8ccd2'] },
  dell: { accent: '#0076ce', bodies: ['#c3c6ca', '#2f3236', '#a9afb5', '#d2d4d7'] },
  hp: { accent: '#0096d6', bodies: ['#c9cbce', '#2b3038', '#d6d0c8', '#a3a9b0'] },
  asus: { accent: '#00a3e0', bodies: ['#3a4150', '#c3c7cc', '#2a3d5c', '#b4b9bf'] },
  acer: { accent: '#83b81a', bodies: ['#b3b7bb', '#2e3034', '#8f99a3', '#c6c9cc'] },
  apple: { accent: '#6e6e73', bodies: ['#d6d8db', '#6b6e73', '#2f3744', '#e3d5c3'] },
  msi: { accent: '#e31837', bodies: ['#1e1f23', '#2a2c31'] },
  samsung: { accent: '#1428a0', bodies: ['#1f2024', '#e6e7e9'] },
  lg: { accent: '#a50034', bodies: ['#1f2023', '#ececec', '#2c2d31'] },
  benq: { accent: '#6c2c91', bodies: ['#36373b', '#4a4b50'] },
  viewsonic: { accent: '#e8a200', bodies: ['#232427', '#3a3b3f'] },
  gigabyte: { accent: '#f26522', bodies: ['#1c1d20'] },
  aorus: { accent: '#f26522', bodies: ['#1c1d20'] },
  zebronics: { accent: '#e30613', bodies: ['#1f2023'] },
  microsoft: { accent: '#00a4ef', bodies: ['#c9c9c9', '#2d2f33'] },
  razer: { accent: '#44d62c', bodies: ['#161616'] },
  huawei: { accent: '#cf0a2c', bodies: ['#8e949b', '#2f3440'] },
  xiaomi: { accent: '#ff6900', bodies: ['#9aa0a6'] },
  philips: { accent: '#0b5ed7', bodies: ['#222327'] },
  aoc: { accent: '#d71920', bodies: ['#1f2023'] },
  intel: { accent: '#0071c5', bodies: ['#24262a'] },
  infinix: { accent: '#12a150', bodies: ['#8b9199', '#2e3440'] },
};

const GAMING =
  /\b(gaming|rog|strix|tuf|legion|loq|omen|victus|predator|nitro|alienware|katana|cyborg|aorus|odyssey|ultragear|rtx|raider|stealth|titan|helios|zephyrus|scar)\b/i;
const PREMIUM =
  /\b(xps|spectre|zenbook|yoga|swift|macbook|envy|galaxy book|surface|gram|inspiron plus|thinkpad x1|x1 carbon|elitebook|latitude 9|proart)\b/i;

/** What is drawn: decided by the category and, for desktops, the name. */
export type ArtKind = 'laptop' | 'monitor' | 'tower' | 'sff' | 'mini' | 'aio';

interface Look {
  kind: ArtKind;
  brand: string;
  accent: string;
  body: string;
  bezel: string;
  keys: string;
  logo: string;
  gaming: boolean;
  premium: boolean;
  thinkpad: boolean;
  apple: boolean;
}

function lookFor(input: ProductArtInput, kind: ArtKind, rng: Rng): Look {
  const brandKey = input.brand.toLowerCase().replace(/[^a-z]/g, '');
  const text = `${input.name} ${input.model}`;
  const gaming = GAMING.test(text);
  const premium = PREMIUM.test(text);
  const thinkpad = /thinkpad|thinkcentre|thinkstation|thinkvision/i.test(text);
  const apple = brandKey === 'apple';
  const style = BRANDS[brandKey] ?? {
    accent: hsl(hashString(brandKey) % 360, 70, 45),
    bodies: ['#9ea3aa', '#2f3238', '#c4c7cc'],
  };
  let accent = style.accent;
  let body = rng.pick(style.bodies);
  // Thin-and-light models come in the light metals of their brand when it has them.
  const light = style.bodies.filter((c) => luminance(c) > 0.5);
  if (premium && light.length > 0) body = rng.pick(light);
  if (thinkpad) body = '#2a2b2f';
  if (gaming) {
    body = rng.pick(['#1d1f24', '#25282e', '#2c3038', '#1f2530']);
    if (/\brog|strix|scar|omen|nitro\b/i.test(text)) accent = '#ff1f3d';
    else if (/\bpredator|helios\b/i.test(text)) accent = '#00b7e8';
    else if (/\blegion|loq\b/i.test(text)) accent = rng.pick(['#4cc3ff', '#ff9f1c']);
    else if (/\balienware\b/i.test(text)) accent = '#38e8ff';
    else if (/\btuf\b/i.test(text)) accent = '#f5b301';
    else if (/\bvictus|cyborg\b/i.test(text)) accent = rng.pick(['#2ee6c4', '#7c5cff']);
    else if (accent === '#6e6e73' || luminance(accent) < 0.18) accent = shade(accent, 0.35);
  }
  const dark = luminance(body) < 0.35;
  return {
    kind,
    brand: input.brand,
    accent,
    body,
    bezel: apple ? '#0b0b0d' : rng.pick(['#0d0e11', '#141519', '#101216']),
    keys: thinkpad || gaming || dark ? '#16171b' : apple ? '#18191c' : rng.pick(['#2a2c31', '#1c1d21', shade(body, 0.25)]),
    logo: dark ? shade(body, 0.42) : shade(body, -0.28),
    gaming,
    premium,
    thinkpad,
    apple,
  };
}

/** The look with another body colour (and lettering that reads on it). */
function withBody(look: Look, body: string): Look {
  const dark = luminance(body) < 0.35;
  return { ...look, body, logo: dark ? shade(body, 0.42) : shade(body, -0.28) };
}

/** Hue pairs that make pleasant wallpapers (no muddy olive or brown). */
const HUE_PAIRS: [number, number][] = [
  [222, 275],
  [195, 250],
  [262, 330],
  [335, 25],
  [165, 215],
  [18, 48],
  [285, 205],
  [205, 160],
  [240, 185],
  [350, 290],
];

function wallpaperFor(rng: Rng, seed: number, look: Look, taskbar?: WallpaperOptions['taskbar']): WallpaperOptions {
  const [a, b] = rng.pick(HUE_PAIRS);
  const jitter = rng.range(-10, 10);
  const flip = rng.chance(0.5);
  return {
    style: rng.pick(WALLPAPER_STYLES),
    hue: (flip ? b : a) + jitter,
    hue2: (flip ? a : b) + jitter,
    seed,
    taskbar: taskbar ?? (look.apple ? 'dock' : rng.pick(['bar', 'dock', 'bar'])),
  };
}

// ---------------------------------------------------------------- scene frame

interface View {
  view: string;
  svg: string;
}

const FRAME = { x: 150, y: 95, w: 900, h: 640 };

/** Background, floor shadow and caption around a drawn product. */
function compose(svg: Svg, look: Look, input: ProductArtInput, shadow: string, product: string): string {
  const top = mix(look.accent, '#f7f8fa', 0.93);
  const bg = svg.linear([
    [0, top],
    [0.62, '#f3f4f6'],
    [1, '#e3e6ea'],
  ]);
  const title = displayName(input);
  let caption = lettering(input.brand, 48, 818, {
    size: 13,
    color: look.accent === '#6e6e73' ? '#3a3a3c' : shade(look.accent, -0.1),
    weight: 1.15,
    tracking: 2.2,
    maxWidth: 500,
  });
  caption += lettering(title, 48, 842, { size: 11, color: '#5b6270', weight: 0.95, tracking: 1.6, maxWidth: 760 });
  return svg.document(
    ART_WIDTH,
    ART_HEIGHT,
    `${rect(0, 0, ART_WIDTH, ART_HEIGHT, bg)}${shadow}<g data-kind="${look.kind}">${product}</g>${caption}`,
  );
}

/** The name without a leading brand ("Lenovo ThinkPad E14" → "ThinkPad E14"). */
function displayName(input: ProductArtInput): string {
  const name = input.name.trim();
  return name.toLowerCase().startsWith(`${input.brand.toLowerCase()} `) ? name.slice(input.brand.length + 1) : name;
}

/** Fits the camera to the points, draws the floor shadow of the footprints and the product. */
function scene(
  input: ProductArtInput,
  look: Look,
  view: string,
  yaw: number,
  pitch: number,
  points: V3[],
  footprints: [number, number, number, number][],
  draw: (svg: Svg, cam: Camera) => string,
  frame = FRAME,
  contactShadow = true,
): View {
  const svg = new Svg();
  const cam = new Camera(yaw, pitch).fit(points, frame);
  const shadow = floorShadow(svg, cam, footprints, contactShadow);
  return { view, svg: compose(svg, look, input, shadow, draw(svg, cam)) };
}

const corners = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): V3[] => [
  [x0, y0, z0],
  [x1, y0, z0],
  [x0, y1, z0],
  [x1, y1, z0],
  [x0, y0, z1],
  [x1, y0, z1],
  [x0, y1, z1],
  [x1, y1, z1],
];

// ---------------------------------------------------------------- small parts

type Port = 'usba' | 'usbc' | 'hdmi' | 'dp' | 'jack' | 'lan' | 'dc' | 'sd';

/** Width and height of each port's opening, in millimetres. */
const PORT_SIZE: Record<Port, [number, number]> = {
  usba: [12.5, 5],
  usbc: [8.6, 2.8],
  hdmi: [14, 4.6],
  dp: [16, 5.6],
  jack: [3.6, 3.6],
  lan: [15, 12],
  dc: [5.5, 5.5],
  sd: [11, 1.6],
};

/** A port drawn flat, centred at (x, y), scaled by s (1 = real size in mm). */
function port(kind: Port, x: number, y: number, s = 1, color = '#0c0d10'): string {
  const w = PORT_SIZE[kind][0] * s;
  const h = PORT_SIZE[kind][1] * s;
  const x0 = x - w / 2;
  const y0 = y - h / 2;
  switch (kind) {
    case 'jack':
    case 'dc':
      return circle(x, y, w / 2, color) + circle(x, y, w * 0.18, '#5d626b');
    case 'usbc':
      return (
        rect(x0, y0, w, h, color, `rx="${r2(h / 2)}"`) +
        rect(x0 + w * 0.2, y - h * 0.12, w * 0.6, h * 0.24, '#6a707a', `rx="${r2(h * 0.1)}"`)
      );
    case 'usba':
      return rect(x0, y0, w, h, color, `rx="${r2(0.4 * s)}"`) + rect(x0 + w * 0.12, y0 + h * 0.22, w * 0.76, h * 0.3, '#2f6fd0');
    case 'hdmi':
      return `<polygon points="${r1(x0)},${r1(y0)} ${r1(x0 + w)},${r1(y0)} ${r1(x0 + w)},${r1(y0 + h * 0.55)} ${r1(x0 + w * 0.85)},${r1(y0 + h)} ${r1(x0 + w * 0.15)},${r1(y0 + h)} ${r1(x0)},${r1(y0 + h * 0.55)}" fill="${color}"/>`;
    case 'dp':
      return `<polygon points="${r1(x0)},${r1(y0)} ${r1(x0 + w)},${r1(y0)} ${r1(x0 + w)},${r1(y0 + h)} ${r1(x0 + w * 0.18)},${r1(y0 + h)} ${r1(x0)},${r1(y0 + h * 0.62)}" fill="${color}"/>`;
    case 'lan':
      return rect(x0, y0, w, h, color, `rx="${r2(0.5 * s)}"`) + rect(x - w * 0.22, y0 + h * 0.72, w * 0.44, h * 0.28, shade(color, 0.25));
    case 'sd':
      return rect(x0, y0, w, h, color, `rx="${r2(h / 2)}"`);
  }
}

/** Ports in a row, centred on (cx, y), spaced by gap. */
function portRow(kinds: Port[], cx: number, y: number, s: number, gap: number, color?: string): string {
  const widths = kinds.map((k) => PORT_SIZE[k][0] * s);
  const total = widths.reduce((a, b) => a + b, 0) + gap * (kinds.length - 1);
  let x = cx - total / 2;
  let out = '';
  kinds.forEach((k, i) => {
    const w = widths[i] ?? 0;
    out += port(k, x + w / 2, y, s, color);
    x += w + gap;
  });
  return out;
}

/** Horizontal vent slots filling a rectangle. */
function slots(x: number, y: number, w: number, h: number, pitch: number, color: string, opacity = 0.55): string {
  let d = '';
  for (let yy = y + pitch / 2; yy < y + h; yy += pitch) d += `M${r1(x)} ${r1(yy)}H${r1(x + w)}`;
  return `<path d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="${r2(pitch * 0.42)}" stroke-linecap="round"/>`;
}

/** A dotted mesh (perforated metal) filling a rectangle: rows of round dots from dashed strokes. */
function mesh(x: number, y: number, w: number, h: number, pitch: number, base: string, hole: string): string {
  let even = '';
  let odd = '';
  let row = 0;
  for (let yy = y + pitch * 0.6; yy < y + h - pitch * 0.3; yy += pitch * 0.866, row += 1) {
    const line = `M${r1(x + pitch * (row % 2 ? 1 : 0.5))} ${r1(yy)}H${r1(x + w - pitch * 0.4)}`;
    if (row % 2) odd += line;
    else even += line;
  }
  const dots = (d: string) =>
    d ? `<path d="${d}" stroke="${hole}" stroke-width="${r2(pitch * 0.5)}" stroke-dasharray="0 ${r2(pitch)}" stroke-linecap="round"/>` : '';
  return rect(x, y, w, h, base) + dots(even) + dots(odd);
}

/** A case fan seen face on. */
function fan(cx: number, cy: number, r: number, frame: string, ring: string | null, glow = 0.9): string {
  let out = circle(cx, cy, r, frame) + circle(cx, cy, r * 0.9, '#0a0b0e');
  if (ring) out += circle(cx, cy, r * 0.82, 'none', `stroke="${ring}" stroke-width="${r2(r * 0.07)}" stroke-opacity="${glow}"`);
  let blades = '';
  for (let i = 0; i < 7; i += 1) {
    const a = (i / 7) * Math.PI * 2;
    const x1 = cx + Math.cos(a) * r * 0.26;
    const y1 = cy + Math.sin(a) * r * 0.26;
    const x2 = cx + Math.cos(a + 0.55) * r * 0.74;
    const y2 = cy + Math.sin(a + 0.55) * r * 0.74;
    const qx = cx + Math.cos(a + 0.15) * r * 0.62;
    const qy = cy + Math.sin(a + 0.15) * r * 0.62;
    blades += `M${r1(x1)} ${r1(y1)}Q${r1(qx)} ${r1(qy)} ${r1(x2)} ${r1(y2)}`;
  }
  out += `<path d="${blades}" stroke="#30343c" stroke-width="${r2(r * 0.12)}" stroke-linecap="round" fill="none"/>`;
  out += circle(cx, cy, r * 0.24, '#1a1c21') + circle(cx, cy, r * 0.1, ring ?? '#3a3e46', ring ? 'fill-opacity="0.8"' : '');
  return out;
}

/** A flat bar on the floor from a to b (a stand's leg), tapering from width wa to wb, th thick. */
function bar(cam: Camera, a: V3, b: V3, wa: number, wb: number, th: number, color: string): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  const at = (p: V3, w: number, sideSign: number, z: number): V3 => [p[0] + nx * (w / 2) * sideSign, p[1] + ny * (w / 2) * sideSign, z];
  let out = '';
  const sides: [V3, V3, V3][] = [
    [at(a, wa, 1, 0), at(b, wb, 1, 0), [nx, ny, 0]],
    [at(b, wb, -1, 0), at(a, wa, -1, 0), [-nx, -ny, 0]],
    [at(b, wb, 1, 0), at(b, wb, -1, 0), [dx / len, dy / len, 0]],
  ];
  for (const [p, q, n] of sides) {
    if (!cam.sees(n)) continue;
    out += cam.polygon([p, q, [q[0], q[1], th], [p[0], p[1], th]], lit(cam, color, n));
  }
  out += cam.polygon([at(a, wa, 1, th), at(b, wb, 1, th), at(b, wb, -1, th), at(a, wa, -1, th)], lit(cam, color, [0, 0, 1]));
  return out;
}

// ---------------------------------------------------------------- laptops

function laptopViews(input: ProductArtInput, look: Look, rng: Rng, seed: number): View[] {
  const size = clamp(input.screenSizeIn ?? 14, 11, 18.5);
  const aspect = look.gaming ? 16 / 9 : look.apple ? 1.54 : rng.chance(0.7) ? 1.6 : 16 / 9;
  const diag = size * 25.4;
  const pw = diag * Math.cos(Math.atan(1 / aspect));
  const ph = pw / aspect;
  const side = look.premium || look.apple ? 5 : look.gaming ? 7 : rng.pick([6, 8]);
  const top = look.premium || look.apple ? 8 : 10;
  const chin = look.apple ? 9 : look.premium ? 11 : look.gaming ? 17 : 15;
  const W = pw + side * 2;
  const LH = ph + top + chin;
  const D = LH * 0.94;
  const t = look.gaming ? 24 : look.premium || look.apple ? 14 : 18;
  const lidT = look.gaming ? 7 : 5;
  const tilt = (rng.range(12, 20) * Math.PI) / 180;
  const hingeY = D - 5;
  const up: V3 = [0, Math.sin(tilt), Math.cos(tilt)];
  const back: V3 = [0, Math.cos(tilt) * lidT, -Math.sin(tilt) * lidT];
  const lidTop: V3 = [0, hingeY + up[1] * LH, t + up[2] * LH];
  const paper = wallpaperFor(rng, seed, look);
  const numpad = W > 345;
  const sideA: Port[] = rng.pick([
    ['jack', 'usba', 'hdmi', 'usbc'],
    ['jack', 'usbc', 'usba'],
    ['usbc', 'usbc', 'jack'],
    ['sd', 'usba', 'jack'],
  ] as Port[][]);
  const ports: Port[] = look.gaming ? ['jack', 'usba', 'usba', 'lan'] : look.apple ? ['usbc', 'usbc', 'jack'] : sideA;

  const points = [
    ...corners(0, 0, 0, W, D, t),
    [0, lidTop[1], lidTop[2]] as V3,
    [W, lidTop[1], lidTop[2]] as V3,
    [W, lidTop[1] + back[1], lidTop[2] + back[2]] as V3,
  ];
  const footprint: [number, number, number, number][] = [[0, 0, W, D + back[1]]];

  const display = (svg: Svg) => (w: number, h: number) => {
    let out = rect(0, 0, w, h, look.bezel, 'rx="3"');
    out += `<g transform="translate(${side} ${top})">${wallpaper(svg, pw, ph, paper)}${glare(pw, ph)}</g>`;
    out += circle(w / 2, top / 2, 1.1, '#2a2e36') + circle(w / 2 - 0.3, top / 2 - 0.3, 0.35, '#6f7d99');
    if (look.apple) out += rect(w / 2 - 14, top - 0.5, 28, 5.5, look.bezel, 'rx="2.5"');
    else {
      const logo = look.thinkpad ? '#b9bcc2' : look.gaming ? look.accent : '#8d929b';
      out += lettering(look.brand, w / 2, top + ph + chin * 0.34, {
        size: chin * 0.3,
        color: logo,
        weight: 1.1,
        tracking: 1.8,
        anchor: 'middle',
        maxWidth: w * 0.3,
      });
    }
    return out;
  };

  const deck = (w: number, d: number) => {
    let out = '';
    const kbTop = 14;
    const kbH = d * (look.gaming ? 0.47 : 0.44);
    const margin = numpad ? w * 0.045 : w * 0.1;
    const kbW = w - margin * 2;
    const mainCols = 15;
    const cols = numpad ? mainCols + 4.4 : mainCols;
    const px = kbW / cols;
    const py = kbH / 5.6;
    const gap = Math.min(px, py) * 0.16;
    const keyFill = look.keys;
    const rows: number[][] = [
      Array(15).fill(1) as number[],
      [...(Array(13).fill(1) as number[]), 2],
      [1.5, ...(Array(12).fill(1) as number[]), 1.5],
      [1.75, ...(Array(11).fill(1) as number[]), 2.25],
      [2.25, ...(Array(10).fill(1) as number[]), 2.75],
      [1, 1, 1, 1.25, 5.5, 1.25, 1, 1, 1, 1],
    ];
    const well = shade(look.body, luminance(look.body) < 0.3 ? -0.3 : -0.12);
    out += rect(margin - gap * 2, kbTop - gap * 2, kbW + gap * 4, kbH + gap * 4, well, `rx="${r2(gap * 2)}" fill-opacity="0.55"`);
    let keys = '';
    const stroke = look.gaming ? ` stroke="${look.accent}" stroke-width="${r2(gap * 0.45)}" stroke-opacity="0.85"` : '';
    let y = kbTop;
    rows.forEach((row, ri) => {
      const kh = ri === 0 ? py * 0.6 : py;
      let x = margin;
      for (const units of row) {
        keys += `<rect x="${r2(x + gap / 2)}" y="${r2(y + gap / 2)}" width="${r2(units * px - gap)}" height="${r2(kh - gap)}" rx="${r2(gap * 0.9)}"/>`;
        x += units * px;
      }
      if (numpad && ri > 0) {
        for (let c = 0; c < 4; c += 1) {
          keys += `<rect x="${r2(margin + (mainCols + 0.4 + c) * px + gap / 2)}" y="${r2(y + gap / 2)}" width="${r2(px - gap)}" height="${r2(kh - gap)}" rx="${r2(gap * 0.9)}"/>`;
        }
      }
      y += kh;
    });
    out += `<g fill="${keyFill}"${stroke}>${keys}</g>`;
    const mainCenter = margin + (mainCols * px) / 2;
    if (look.thinkpad) out += circle(margin + px * 6.9, kbTop + py * 3.55, py * 0.22, '#d21f26');
    const padTop = kbTop + kbH + d * 0.06;
    const padH = d - padTop - d * 0.08;
    const padW = w * (look.apple ? 0.44 : look.gaming ? 0.3 : 0.34);
    const padX = (numpad ? mainCenter : w / 2) - padW / 2;
    const padFill = shade(look.body, luminance(look.body) < 0.3 ? 0.06 : -0.04);
    if (look.thinkpad) {
      const bh = padH * 0.16;
      out += rect(padX, padTop - 1, padW, bh, '#1b1c20', 'rx="1.5"');
      out += `<path d="M${r1(padX + padW * 0.36)} ${r1(padTop - 1)}v${r1(bh)}M${r1(padX + padW * 0.64)} ${r1(padTop - 1)}v${r1(bh)}" stroke="#d21f26" stroke-width="0.8"/>`;
      out += rect(padX, padTop + bh + 1.5, padW, padH - bh - 1.5, padFill, 'rx="3" stroke="#1a1b1f" stroke-width="0.6"');
    } else {
      out += rect(
        padX,
        padTop,
        padW,
        padH,
        padFill,
        `rx="${look.apple ? 5 : 3.5}" stroke="${shade(look.body, -0.2)}" stroke-width="0.6" stroke-opacity="0.7"`,
      );
    }
    if (!look.apple) {
      const sx = w - margin - 22;
      const sy = padTop + padH * 0.55;
      out +=
        rect(sx, sy, 14, 10, '#e7e9ee', 'rx="1.2" fill-opacity="0.85"') + rect(sx + 2, sy + 2, 10, 2, look.accent, 'fill-opacity="0.7"');
    }
    if (look.gaming) out += rect(0, 0, w, 9, shade(look.body, -0.35)) + slots(w * 0.3, 1.5, w * 0.4, 6, 2, '#000', 0.6);
    out += rect(0, d - 1.4, w, 1.4, '#ffffff', 'fill-opacity="0.16"');
    return out;
  };

  const baseFaces = {
    top: deck,
    front: (w: number, h: number) =>
      rect(w / 2 - w * 0.08, 0, w * 0.16, h * 0.14, shade(look.body, -0.3)) +
      (look.gaming ? rect(w * 0.05, h * 0.55, w * 0.9, 1.3, look.accent, 'fill-opacity="0.9"') : ''),
    right: (d: number, h: number) => {
      let out = '';
      let x = d * 0.16;
      for (const p of ports) {
        const pw2 = PORT_SIZE[p][0];
        const scale = p === 'lan' ? Math.min(1, (h * 0.7) / 12) : 1;
        out += port(p, x + (pw2 * scale) / 2, h * 0.5, scale);
        x += pw2 * scale + 6;
      }
      if (look.gaming) out += `<g transform="translate(${r1(d * 0.62)} 0)">${slots(0, h * 0.18, d * 0.3, h * 0.64, 3, '#000', 0.7)}</g>`;
      return out;
    },
  };

  const lid = (svg: Svg, cam: Camera) => {
    let out = '';
    const A: V3 = [0, lidTop[1], lidTop[2]];
    const B: V3 = [W, lidTop[1], lidTop[2]];
    const Bb: V3 = [W, lidTop[1] + back[1], lidTop[2] + back[2]];
    const Ab: V3 = [0, lidTop[1] + back[1], lidTop[2] + back[2]];
    const hingeR: V3 = [W, hingeY, t];
    const hingeRb: V3 = [W, hingeY + back[1], t + back[2]];
    if (cam.sees([1, 0, 0])) out += cam.polygon([B, hingeR, hingeRb, Bb], lit(cam, look.body, [1, 0, 0]));
    out += cam.polygon([A, B, Bb, Ab], lit(cam, look.body, up));
    out += `<g transform="${cam.matrix(A, [1, 0, 0], [0, -up[1], -up[2]])}">${display(svg)(W, LH)}</g>`;
    return out;
  };

  const front = scene(input, look, 'front view', 0, 17, points, footprint, (svg, cam) => {
    return box(cam, [0, 0, 0], [W, D, t], look.body, baseFaces) + lid(svg, cam);
  });
  const angled = scene(input, look, 'side view with ports', -36, 24, points, footprint, (svg, cam) => {
    return box(cam, [0, 0, 0], [W, D, t], look.body, baseFaces) + lid(svg, cam);
  });
  return [front, angled];
}

// ---------------------------------------------------------------- monitors and all-in-ones

interface PanelSpec {
  W: number;
  H: number;
  pw: number;
  ph: number;
  side: number;
  top: number;
  chin: number;
  depth: number;
  curved: boolean;
  lift: number;
}

function panelSpec(input: ProductArtInput, look: Look, rng: Rng, aio: boolean): PanelSpec {
  const size = clamp(input.screenSizeIn ?? (aio ? 24 : 27), 18.5, 57);
  const text = `${input.name} ${input.model}`;
  const aspect = size >= 44 || /32:9|super ultra/i.test(text) ? 32 / 9 : size >= 34 || /ultra ?wide|21:9/i.test(text) ? 21 / 9 : 16 / 9;
  const curved = /curv/i.test(text) || aspect > 2;
  const diag = size * 25.4;
  const pw = diag * Math.cos(Math.atan(1 / aspect));
  const ph = pw / aspect;
  const slim = aio || look.premium || rng.chance(0.65);
  const side = slim ? 3 : 9;
  const top = slim ? 3 : 9;
  const chin = aio ? ph * 0.16 : slim ? 12 : 17;
  return {
    W: pw + side * 2,
    H: ph + top + chin,
    pw,
    ph,
    side,
    top,
    chin,
    depth: aio ? 14 : 11,
    curved,
    lift: aio ? 70 : rng.range(85, 120),
  };
}

function monitorViews(input: ProductArtInput, look: Look, rng: Rng, seed: number, aio: boolean): View[] {
  const p = panelSpec(input, look, rng, aio);
  const { W, H, depth } = p;
  const stand = aio ? rng.pick(['plate', 'frame'] as const) : look.gaming ? 'legs' : rng.pick(['plate', 'plate', 'bar'] as const);
  const paper = wallpaperFor(rng, seed, look, rng.pick(['bar', 'dock', 'none']));
  const frameColor = aio ? look.body : luminance(look.body) > 0.5 ? rng.pick(['#1c1d20', look.body]) : look.body;
  const bumpW = W * (aio ? 0.7 : 0.5);
  const bumpH = H * (aio ? 0.62 : 0.5);
  const bumpD = aio ? 34 : 26;
  const bumpX = (W - bumpW) / 2;
  const bumpZ = p.lift + H * 0.22;
  const neckW = aio ? 70 : 44;
  const neckD = 18;
  const neckX = (W - neckW) / 2;
  const neckY = depth + bumpD * 0.4;
  const neckTop = p.lift + H * 0.55;
  const baseW = stand === 'bar' ? Math.min(W * 0.55, 300) : stand === 'legs' ? Math.min(W * 0.62, 420) : Math.min(W * 0.42, 250);
  const baseD = stand === 'bar' ? 150 : stand === 'legs' ? 200 : 200;
  const baseX = (W - baseW) / 2;
  const baseY = neckY + neckD / 2 - baseD * 0.55;
  const points = [...corners(0, 0, p.lift, W, depth + bumpD, p.lift + H), ...corners(baseX, baseY, 0, baseX + baseW, baseY + baseD, 8)];
  const footprint: [number, number, number, number][] = [[baseX, baseY, baseX + baseW, baseY + baseD]];
  const curve = p.curved ? H * 0.035 : 0;
  const outline = (w: number, h: number, c: number) =>
    `M0 0Q${r1(w / 2)} ${r1(c * 2)} ${r1(w)} 0V${r1(h)}Q${r1(w / 2)} ${r1(h - c * 2)} 0 ${r1(h)}Z`;

  const frontFace = (svg: Svg) => (w: number, h: number) => {
    let out = `<path d="${outline(w, h, curve)}" fill="${look.bezel}"/>`;
    if (p.chin > 6) {
      const chinColor = aio ? look.body : frameColor === look.bezel ? shade(look.bezel, 0.06) : frameColor;
      const chinTop = h - p.chin;
      out += curve
        ? `<path d="M0 ${r1(chinTop)}Q${r1(w / 2)} ${r1(chinTop - curve * 2)} ${r1(w)} ${r1(chinTop)}V${r1(h)}Q${r1(w / 2)} ${r1(h - curve * 2)} 0 ${r1(h)}Z" fill="${chinColor}"/>`
        : rect(0, chinTop, w, p.chin, chinColor);
    }
    const screen = `<g transform="translate(${r2(p.side)} ${r2(p.top)})">${wallpaper(svg, p.pw, p.ph, paper)}${glare(p.pw, p.ph, 0.07)}</g>`;
    out += curve
      ? `<g clip-path="${svg.clip(`<path d="${outline(w, h - p.chin + 2, curve * 0.9)}" transform="translate(0 ${r1(p.top * 0.6)})"/>`)}">${screen}</g>`
      : screen;
    const chinColor = aio ? look.body : frameColor;
    const logoColor = luminance(chinColor) < 0.4 ? '#9ba1ab' : '#4a4f57';
    if (aio) {
      out += slots(w * 0.08, h - p.chin * 0.62, w * 0.2, p.chin * 0.3, 3, shade(chinColor, -0.4), 0.5);
      out += slots(w * 0.72, h - p.chin * 0.62, w * 0.2, p.chin * 0.3, 3, shade(chinColor, -0.4), 0.5);
    }
    const logoSize = aio ? p.chin * 0.22 : Math.min(p.chin * 0.34, 6);
    out += lettering(look.brand, w / 2, h - p.chin / 2 - logoSize / 2 - curve, {
      size: logoSize,
      color: look.gaming ? look.accent : logoColor,
      weight: 1.1,
      tracking: 1.8,
      anchor: 'middle',
      maxWidth: w * 0.25,
    });
    if (!aio) out += circle(w * 0.93, h - p.chin / 2, 1, look.gaming ? look.accent : '#e8f3ff', 'fill-opacity="0.9"');
    return out;
  };

  const backFace = (svg: Svg) => (w: number, h: number) => {
    const color = lit(new Camera(180, 14), aio ? look.body : frameColor, [0, 1, 0]);
    let out = `<path d="${outline(w, h, -curve * 0.6)}" fill="${color}"/>`;
    out += `<path d="${outline(w, h, -curve * 0.6)}" fill="${svg.linear(
      [
        [0, '#ffffff', 0.1],
        [1, '#000000', 0.12],
      ],
      0,
      0,
      1,
      1,
    )}"/>`;
    return out;
  };

  const portList: Port[] = aio
    ? ['dc', 'lan', 'usba', 'usba', 'usbc', 'hdmi', 'jack']
    : look.gaming
      ? ['dc', 'hdmi', 'hdmi', 'dp', 'usbc', 'usba', 'jack']
      : rng.pick([
          ['dc', 'hdmi', 'dp', 'jack'],
          ['hdmi', 'hdmi', 'dp', 'usbc', 'jack'],
          ['dc', 'hdmi', 'usbc', 'usba', 'usba'],
        ] as Port[][]);
  const bumpBack = (w: number, h: number) => {
    const housing = aio ? look.body : frameColor;
    let out = lettering(look.brand, w / 2, h * 0.12, {
      size: Math.min(h * 0.07, 18),
      color: look.gaming ? look.accent : luminance(housing) < 0.4 ? '#8c929c' : '#555a62',
      weight: 1.1,
      tracking: 2,
      anchor: 'middle',
      maxWidth: w * 0.45,
    });
    out += slots(w * 0.08, h * 0.08, w * 0.16, h * 0.3, 4, '#000', 0.45) + slots(w * 0.76, h * 0.08, w * 0.16, h * 0.3, 4, '#000', 0.45);
    // Ports sit in recesses either side of the stand's neck.
    const half = Math.ceil(portList.length / 2);
    const groups = [portList.slice(0, half), portList.slice(half)];
    const room = w / 2 - neckW / 2 - w * 0.06 - 10;
    const recess = luminance(housing) < 0.4 ? shade(housing, 0.14) : shade(housing, -0.12);
    groups.forEach((group, i) => {
      const natural = group.reduce((sum, k) => sum + PORT_SIZE[k][0] + 6, -6);
      const scale = Math.min(1.3, (room - 12) / natural);
      const cx = i === 0 ? w * 0.06 + room / 2 : w - w * 0.06 - room / 2;
      out += rect(cx - room / 2, h * 0.72, room, h * 0.16, recess, 'rx="3"');
      out += portRow(group, cx, h * 0.8, scale, 6 * scale, '#050608');
    });
    if (look.gaming) out += rect(w * 0.25, h * 0.5, w * 0.5, 2.2, look.accent, 'fill-opacity="0.9"');
    return out;
  };

  const standParts = (cam: Camera) => {
    let out = '';
    const baseColor =
      aio && stand === 'frame'
        ? shade(look.body, 0.05)
        : frameColor === '#1c1d20' || luminance(frameColor) < 0.3
          ? '#2a2c31'
          : shade(frameColor, -0.1);
    if (stand === 'legs') {
      const cx = W / 2;
      const root: V3 = [cx, neckY + neckD / 2, 0];
      out += bar(cam, root, [cx - baseW / 2, baseY, 0], 26, 16, 9, baseColor);
      out += bar(cam, root, [cx + baseW / 2, baseY, 0], 26, 16, 9, baseColor);
      out += box(cam, [cx - 24, root[1] - 14, 0], [48, 40, 11], baseColor);
    } else if (stand === 'frame') {
      out += box(cam, [baseX, baseY, 0], [baseW, baseD, 6], baseColor);
    } else {
      out += box(cam, [baseX, baseY, 0], [baseW, baseD, stand === 'bar' ? 6 : 8], baseColor, {
        top: (w: number, h: number) => rect(w * 0.1, h * 0.1, w * 0.8, h * 0.8, '#ffffff', `fill-opacity="0.05" rx="${r1(h * 0.2)}"`),
      });
    }
    if (stand === 'frame') {
      out += box(cam, [neckX, neckY + 30, 0], [neckW, 8, neckTop], baseColor);
    } else {
      out += box(cam, [neckX, neckY, 6], [neckW, neckD, neckTop - 6], baseColor, {
        back: (w: number, h: number) => rect(w * 0.28, h * 0.5, w * 0.44, h * 0.16, '#000', 'fill-opacity="0.35" rx="4"'),
      });
    }
    return out;
  };

  const panel = (svg: Svg, cam: Camera) =>
    box(
      cam,
      [0, 0, p.lift],
      [W, depth, H],
      frameColor,
      p.curved
        ? {
            front: { fill: 'none', draw: frontFace(svg) },
            back: { fill: 'none', draw: backFace(svg) },
            top: 'none',
            left: 'none',
            right: 'none',
          }
        : { front: { fill: 'none', draw: frontFace(svg) }, back: { fill: 'none', draw: backFace(svg) } },
      p.curved ? 0 : 0.1,
    );
  const bump = (cam: Camera) =>
    box(cam, [bumpX, depth, bumpZ], [bumpW, bumpD, bumpH], aio ? look.body : frameColor, { back: bumpBack }, 0.08);

  const contact = stand !== 'legs';
  const front = scene(
    input,
    look,
    'front view',
    0,
    7,
    points,
    footprint,
    (svg, cam) => standParts(cam) + bump(cam) + panel(svg, cam),
    FRAME,
    contact,
  );
  const rear = scene(
    input,
    look,
    'rear view with ports',
    214,
    15,
    points,
    footprint,
    (svg, cam) => panel(svg, cam) + bump(cam) + standParts(cam),
    FRAME,
    contact,
  );
  return [front, rear];
}

// ---------------------------------------------------------------- desktops

type DesktopKind = 'tower' | 'sff' | 'mini' | 'aio';

function desktopKind(input: ProductArtInput): DesktopKind {
  const text = `${input.name} ${input.model}`;
  if (/all[- ]in[- ]one|\baio\b|\bimac\b/i.test(text)) return 'aio';
  if (/\b(mini|tiny|nuc|micro|mini pc|mac mini|mac studio|cubi)\b/i.test(text)) return 'mini';
  if (/\b(sff|small form)\b/i.test(text)) return 'sff';
  return 'tower';
}

function towerViews(input: ProductArtInput, brandLook: Look, rng: Rng, kind: 'tower' | 'sff'): View[] {
  const gaming = brandLook.gaming && kind === 'tower';
  const look = gaming || brandLook.thinkpad ? brandLook : withBody(brandLook, officeBody(brandLook, rng));
  const officeStyle = rng.pick(['slots', 'mesh', 'split', 'glossy'] as const);
  const bay = kind === 'sff' ? rng.chance(0.7) : rng.chance(0.4);
  const [W, D, H] = kind === 'sff' ? [95, 300, 290] : gaming ? [230, 460, 490] : [175, 380, 370];
  const body = look.body;
  const points = corners(0, 0, 0, W, D, H + 6);
  const feet: [number, number, number, number][] = [[0, 0, W, D]];

  const frontFace = (svg: Svg) => (w: number, h: number) => {
    let out = '';
    if (gaming) {
      out += mesh(10, 10, w - 20, h - 20, 6, '#15161a', '#050506');
      const strip = svg.linear([
        [0, look.accent],
        [0.5, hsl(hashString(look.accent) % 360, 90, 60)],
        [1, look.accent],
      ]);
      out += rect(4, 14, 3, h - 28, strip, 'rx="1.5"') + rect(w - 7, 14, 3, h - 28, strip, 'rx="1.5"');
      out += lettering(look.brand, w / 2, h - 26, {
        size: 7,
        color: '#c9ced6',
        weight: 1.1,
        tracking: 2,
        anchor: 'middle',
        maxWidth: w * 0.6,
      });
    } else {
      const panel = shade(body, luminance(body) < 0.3 ? 0.04 : -0.04);
      const groove = shade(body, -0.35);
      out += rect(6, 6, w - 12, h - 12, panel, 'rx="4"');
      if (bay)
        out +=
          rect(14, 22, w - 28, h * 0.09, shade(body, -0.12), 'rx="2"') +
          rect(w * 0.3, 22 + h * 0.06, w * 0.4, 1.4, '#000', 'fill-opacity="0.5"');
      let brandY = h * 0.42;
      switch (officeStyle) {
        case 'slots':
          out += slots(14, h * 0.55, w - 28, h * 0.38, 6, '#000', 0.35);
          break;
        case 'mesh':
          out += mesh(12, h * 0.52, w - 24, h * 0.42, 5, shade(panel, -0.08), shade(panel, -0.45));
          break;
        case 'split':
          // A vertical vent strip down one side, the brand on the plain part.
          out += `<g transform="rotate(90 ${r1(w * 0.17)} ${r1(h * 0.55)})">${slots(w * 0.17 - h * 0.36, h * 0.55 - w * 0.1, h * 0.72, w * 0.2, 5, '#000', 0.35)}</g>`;
          out += rect(w * 0.32, h * 0.18, 1.2, h * 0.74, groove, 'fill-opacity="0.6"');
          brandY = h * 0.6;
          break;
        case 'glossy':
          out += rect(
            12,
            h * 0.34,
            w - 24,
            h * 0.6,
            svg.linear(
              [
                [0, '#3a3d44'],
                [0.45, '#15171b'],
                [1, '#0c0d10'],
              ],
              0,
              0,
              1,
              1,
            ),
            'rx="3"',
          );
          out += rect(12, h * 0.9, w - 24, 1.6, look.accent, 'fill-opacity="0.75"');
          brandY = h * 0.6;
          break;
      }
      out += lettering(look.brand, officeStyle === 'split' ? w * 0.64 : w / 2, brandY, {
        size: Math.min(14, w * 0.1),
        color: officeStyle === 'glossy' ? '#c5cad2' : look.logo,
        weight: 1.15,
        tracking: 2,
        anchor: 'middle',
        maxWidth: officeStyle === 'split' ? w * 0.5 : w * 0.72,
      });
      out +=
        circle(w - 22, h * 0.24, 5, shade(body, -0.25)) + circle(w - 22, h * 0.24, 3.2, 'none', `stroke="${look.accent}" stroke-width="1"`);
      out += portRow(['usba', 'usba', 'jack'], w * 0.38, h * 0.24, 0.9, 5);
    }
    return out;
  };

  const sidePanel = (svg: Svg) => (d: number, h: number) => {
    if (!gaming) {
      return (
        rect(d * 0.62, h * 0.12, d * 0.3, h * 0.22, shade(body, -0.1), 'rx="3"') +
        slots(d * 0.64, h * 0.13, d * 0.26, h * 0.2, 4, '#000', 0.25)
      );
    }
    const m = 12;
    const gw = d - m * 2;
    const gh = h - m * 2;
    let inner = rect(0, 0, gw, gh, '#0b0d12');
    inner +=
      rect(gw * 0.04, gh * 0.04, gw * 0.62, gh * 0.7, '#1d222c', 'rx="3"') +
      rect(gw * 0.08, gh * 0.08, gw * 0.1, gh * 0.5, '#262c38', 'rx="2"');
    inner += fan(gw * 0.3, gh * 0.24, gh * 0.12, '#20232a', look.accent);
    for (let i = 0; i < 4; i += 1)
      inner += rect(gw * 0.46 + i * 7, gh * 0.1, 4, gh * 0.26, '#1d2027') + rect(gw * 0.46 + i * 7, gh * 0.1, 4, 3, look.accent);
    const gpuY = gh * 0.5;
    inner +=
      rect(gw * 0.08, gpuY, gw * 0.72, gh * 0.12, '#22252d', 'rx="3"') +
      rect(gw * 0.08, gpuY + gh * 0.12 - 3, gw * 0.72, 3, look.accent, 'fill-opacity="0.9"');
    inner += lettering('RTX', gw * 0.68, gpuY + gh * 0.03, { size: gh * 0.03, color: '#b7bcc6', weight: 1.2, anchor: 'end' });
    for (let i = 0; i < 3; i += 1) inner += fan(gw * 0.9, gh * (0.17 + i * 0.25), Math.min(gh * 0.11, gw * 0.09), '#20232a', look.accent);
    inner += rect(0, gh * 0.8, gw, gh * 0.2, shade(body, 0.05));
    inner += lettering(look.brand, gw * 0.35, gh * 0.87, {
      size: gh * 0.04,
      color: '#aab0ba',
      weight: 1.1,
      tracking: 2,
      anchor: 'middle',
      maxWidth: gw * 0.5,
    });
    inner += rect(
      0,
      0,
      gw,
      gh,
      svg.radial(
        [
          [0, look.accent, 0.22],
          [1, look.accent, 0],
        ],
        0.55,
        0.4,
        0.65,
      ),
    );
    inner += glare(gw, gh, 0.08);
    return `<g transform="translate(${m} ${m})">${rect(-1.5, -1.5, gw + 3, gh + 3, '#000', 'fill-opacity="0.6" rx="2"')}${inner}</g>`;
  };

  const plainSide = (d: number, h: number) =>
    rect(d * 0.08, h * 0.1, d * 0.3, h * 0.2, shade(body, -0.1), 'rx="3"') + slots(d * 0.1, h * 0.11, d * 0.26, h * 0.18, 4, '#000', 0.25);

  const topFace = (w: number, d: number) =>
    gaming
      ? mesh(12, d * 0.15, w - 24, d * 0.7, 6, '#17181c', '#050506')
      : rect(w * 0.2, d * 0.75, w * 0.6, d * 0.08, shade(body, -0.15), 'rx="3"');

  const towerBack = (w: number, h: number) => {
    let out = rect(6, 6, w - 12, h - 12, shade(body, -0.08), 'rx="2"');
    const io = { x: 14, y: 16, w: w * 0.42, h: h * 0.36 };
    out += rect(io.x, io.y, io.w, io.h, '#b9bec6', 'rx="1.5"');
    let col = '';
    const cx = io.x + io.w / 2;
    const list: [Port, number][] = [
      ['usba', 0.1],
      ['usba', 0.2],
      ['hdmi', 0.31],
      ['dp', 0.42],
      ['usba', 0.53],
      ['usbc', 0.62],
      ['lan', 0.74],
    ];
    for (const [k, f] of list) col += port(k, cx, io.y + io.h * f, Math.min(1.1, io.w / 16), '#15161a');
    col +=
      circle(cx - 7, io.y + io.h * 0.9, 2.6, '#4caf50') +
      circle(cx, io.y + io.h * 0.9, 2.6, '#e98ab1') +
      circle(cx + 7, io.y + io.h * 0.9, 2.6, '#4aa3df');
    out += col;
    if (kind === 'tower')
      out += fan(w * 0.74, io.y + io.h * 0.4, Math.min(w * 0.2, io.h * 0.45), shade(body, -0.2), gaming ? look.accent : null, 0.6);
    const slotsTop = io.y + io.h + 12;
    const slotCount = kind === 'sff' ? 2 : gaming ? 7 : 4;
    for (let i = 0; i < slotCount; i += 1) {
      out += rect(14, slotsTop + i * 12, w * (kind === 'sff' ? 0.75 : 0.62), 9, shade(body, -0.25), 'rx="1"');
      if (gaming && i < 2) out += portRow(i === 0 ? ['dp', 'dp', 'hdmi'] : ['dp'], 14 + w * 0.31, slotsTop + i * 12 + 4.5, 0.75, 4);
      else out += slots(20, slotsTop + i * 12 + 2, w * 0.5, 5, 2.5, '#000', 0.35);
    }
    const psuH = kind === 'sff' ? h * 0.16 : h * 0.2;
    const psuY = h - psuH - 8;
    out += rect(12, psuY, w - 24, psuH, shade(body, -0.3), 'rx="2"');
    out += fan(w * 0.36, psuY + psuH / 2, psuH * 0.4, shade(body, -0.35), null);
    out +=
      rect(w * 0.66, psuY + psuH * 0.28, 16, 11, '#0b0c0f', 'rx="1.5"') +
      rect(w * 0.66 + 20, psuY + psuH * 0.32, 6, 9, '#2b2d32', 'rx="1"');
    return out;
  };

  const draw = (svg: Svg, cam: Camera) =>
    box(cam, [8, 20, 0], [W - 16, D - 40, 6], '#111214', {}, 0) +
    box(cam, [0, 0, 6], [W, D, H], body, {
      front: frontFace(svg),
      left: sidePanel(svg),
      top: topFace,
      back: towerBack,
      right: plainSide,
    });
  return [
    scene(input, look, 'front view', 32, 14, points, feet, draw),
    scene(input, look, 'rear view with ports', 212, 14, points, feet, draw),
  ];
}

/** Office desktops are mostly black or dark grey, sometimes silver. */
function officeBody(look: Look, rng: Rng): string {
  if (look.apple) return '#d6d8db';
  return rng.pick(['#1f2125', '#2a2d32', '#34373d', '#1f2125', '#c3c6ca']);
}

function miniViews(input: ProductArtInput, brandLook: Look, rng: Rng): View[] {
  const look = brandLook.thinkpad ? brandLook : withBody(brandLook, officeBody(brandLook, rng));
  // A cube-ish box for a Mac Studio or a barebone, a flat one for the usual mini PC.
  const tall = /\bstudio\b/i.test(`${input.name} ${input.model}`);
  const [W, D, H] = tall ? [197, 197, 95] : [180, 182, 38];
  const points = corners(0, 0, 0, W, D, H + 3);
  const feet: [number, number, number, number][] = [[0, 0, W, D]];
  const draw = (svg: Svg, cam: Camera) =>
    box(cam, [10, 10, 0], [W - 20, D - 20, 3], '#101113', {}, 0) +
    box(cam, [0, 0, 3], [W, D, H], look.body, {
      top: (w: number, d: number) =>
        rect(8, 8, w - 16, d - 16, shade(look.body, luminance(look.body) < 0.3 ? 0.05 : -0.04), 'rx="6"') +
        lettering(look.brand, w / 2, d / 2 - 5, {
          size: 10,
          color: look.logo,
          weight: 1.2,
          tracking: 2.2,
          anchor: 'middle',
          maxWidth: w * 0.6,
        }),
      front: (w: number, h: number) =>
        circle(16, h / 2, 4.2, shade(look.body, -0.3)) +
        circle(16, h / 2, 2.6, 'none', `stroke="${look.accent}" stroke-width="0.8"`) +
        portRow(['usba', 'usba', 'usbc', 'jack'], w * 0.6, h / 2, 1, 6) +
        slots(w * 0.08, h * 0.82, w * 0.84, h * 0.12, 2.5, '#000', 0.2),
      back: (w: number, h: number) =>
        portRow(['dc', 'hdmi', 'dp', 'dp', 'usba', 'usba', 'lan'], w * 0.5, h * 0.5, 1, 5) +
        slots(w * 0.05, h * 0.12, w * 0.9, h * 0.14, 2.5, '#000', 0.4),
      right: (d: number, h: number) => slots(d * 0.1, h * 0.25, d * 0.8, h * 0.5, 3, '#000', 0.35),
      left: (d: number, h: number) => slots(d * 0.1, h * 0.25, d * 0.8, h * 0.5, 3, '#000', 0.35),
    });
  const frame = { x: 210, y: 160, w: 780, h: 540 };
  return [
    scene(input, look, 'front view', 28, 26, points, feet, draw, frame),
    scene(input, look, 'rear view with ports', 208, 24, points, feet, draw, frame),
  ];
}

// ---------------------------------------------------------------- entry points

function clamp(n: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Number.isFinite(n) ? n : min));
}

/** The SVG of each view, without encoding (for previews and tests). */
export function productArtSvgs(input: ProductArtInput): View[] {
  const seed = hashString(`${input.key}|${input.model}`);
  const rng = new Rng(seed);
  const kind: ArtKind = input.category === 'Laptop' ? 'laptop' : input.category === 'Monitor' ? 'monitor' : desktopKind(input);
  const look = lookFor(input, kind, rng);
  switch (kind) {
    case 'laptop':
      return laptopViews(input, look, rng, seed);
    case 'monitor':
    case 'aio':
      return monitorViews(input, look, rng, seed, kind === 'aio');
    case 'mini':
      return miniViews(input, look, rng);
    case 'tower':
    case 'sff':
      return towerViews(input, look, rng, kind);
  }
}

function altText(input: ProductArtInput, view: string): string {
  const name = input.name.trim() || input.model.trim();
  const full = name.toLowerCase().startsWith(input.brand.toLowerCase()) ? name : `${input.brand} ${name}`;
  return `${full} — ${view}`;
}

/** WebP masters (1200×900) of a product: a front view and a view from another side. */
export async function renderProductImages(input: ProductArtInput): Promise<ProductArt[]> {
  const views = productArtSvgs(input);
  return Promise.all(
    views.map(async ({ view, svg }) => ({
      // The background is opaque: dropping the alpha channel saves encoding an all-opaque plane.
      buffer: await sharp(Buffer.from(svg)).removeAlpha().webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer(),
      width: ART_WIDTH,
      height: ART_HEIGHT,
      alt: altText(input, view),
      view,
    })),
  );
}
