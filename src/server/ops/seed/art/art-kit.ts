/**
 * Drawing helpers for the generated product images: a seeded random source, colours, a small
 * orthographic camera that maps flat drawings onto the faces of boxes (so a keyboard or a port
 * is drawn in plain 2-D and lands on the right face), soft shadows and screen wallpapers.
 * Everything produces SVG text; sharp renders it.
 */

// ---------------------------------------------------------------- numbers and randomness

/** FNV-1a: a stable 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32) with helpers. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length) % items.length] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export const r1 = (n: number) => Math.round(n * 10) / 10;
export const r2 = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- colours

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mixes a towards b by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Lighter (amount > 0) or darker (amount < 0). */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, '#ffffff', amount) : mix(color, '#000000', -amount);
}

export function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/** Relative luminance 0..1, to pick lettering that stands out on a colour. */
export function luminance(color: string): number {
  const [r, g, b] = parseHex(color);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ---------------------------------------------------------------- SVG document

/** Collects <defs> and hands out ids unique within one image. */
export class Svg {
  private defs: string[] = [];
  private counter = 0;
  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }
  def(markup: string): void {
    this.defs.push(markup);
  }
  linear(stops: [number, string, number?][], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.def(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsOf(stops)}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('r');
    this.def(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stopsOf(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  clip(shape: string): string {
    const id = this.id('c');
    this.def(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  document(width: number, height: number, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}

function stopsOf(stops: [number, string, number?][]): string {
  return stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('');
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${r2(x)}" y="${r2(y)}" width="${r2(Math.max(0, w))}" height="${r2(Math.max(0, h))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${r2(cx)}" cy="${r2(cy)}" r="${r2(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

// ---------------------------------------------------------------- camera

export type V3 = readonly [number, number, number];
export type P2 = [number, number];

/**
 * An orthographic camera turned by `yaw` around the vertical axis and looking down by `pitch`
 * (degrees). World axes: x to the right, y away from the viewer, z up; scene units are about
 * a millimetre. `fit` scales and centres the camera so given points fill a frame.
 */
export class Camera {
  private readonly cy: number;
  private readonly sy: number;
  private readonly cp: number;
  private readonly sp: number;
  constructor(
    readonly yaw: number,
    readonly pitch: number,
    readonly scale = 1,
    readonly ox = 0,
    readonly oy = 0,
  ) {
    this.cy = Math.cos((yaw * Math.PI) / 180);
    this.sy = Math.sin((yaw * Math.PI) / 180);
    this.cp = Math.cos((pitch * Math.PI) / 180);
    this.sp = Math.sin((pitch * Math.PI) / 180);
  }

  /** The linear part of the projection (a direction on screen). */
  dir([x, y, z]: V3): P2 {
    const across = x * this.cy - y * this.sy;
    const depth = x * this.sy + y * this.cy;
    return [across * this.scale, (-z * this.cp - depth * this.sp) * this.scale];
  }

  at(v: V3): P2 {
    const [x, y] = this.dir(v);
    return [this.ox + x, this.oy + y];
  }

  /** How far towards the viewer a point is (larger = nearer); for drawing order. */
  nearness([x, y, z]: V3): number {
    return -(x * this.sy + y * this.cy) * this.cp + z * this.sp;
  }

  /** Whether a face with this outward normal faces the camera. */
  sees(n: V3): boolean {
    return this.nearness(n) > 1e-6;
  }

  /** SVG transform that maps a flat drawing (x along u, y along v) onto the plane at o. */
  matrix(o: V3, u: V3, v: V3): string {
    const [a, b] = this.dir(u);
    const [c, d] = this.dir(v);
    const [e, f] = this.at(o);
    return `matrix(${r2(a * 1000) / 1000} ${r2(b * 1000) / 1000} ${r2(c * 1000) / 1000} ${r2(d * 1000) / 1000} ${r2(e)} ${r2(f)})`;
  }

  polygon(points: V3[], fill: string, extra = ''): string {
    const pts = points.map((p) => this.at(p).map(r1).join(',')).join(' ');
    return `<polygon points="${pts}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
  }

  /** A camera with the same angles, scaled and moved so `points` fill the frame, centred. */
  fit(points: V3[], frame: { x: number; y: number; w: number; h: number }): Camera {
    const projected = points.map((p) => new Camera(this.yaw, this.pitch).at(p));
    const xs = projected.map((p) => p[0]);
    const ys = projected.map((p) => p[1]);
    const minX = Math.min(...xs);
    const maxX = Math.max(...xs);
    const minY = Math.min(...ys);
    const maxY = Math.max(...ys);
    const scale = Math.min(frame.w / (maxX - minX), frame.h / (maxY - minY));
    const ox = frame.x + frame.w / 2 - ((minX + maxX) / 2) * scale;
    const oy = frame.y + frame.h / 2 - ((minY + maxY) / 2) * scale;
    return new Camera(this.yaw, this.pitch, scale, ox, oy);
  }
}

/** Light from the camera's upper left; a face's colour is its base colour lit by it. */
export function lit(cam: Camera, color: string, n: V3): string {
  const yaw = (cam.yaw * Math.PI) / 180;
  // Light direction in the camera's frame: left, towards the viewer, above.
  const across = -0.5;
  const toward = -0.55;
  const up = 0.67;
  const lx = across * Math.cos(yaw) + toward * Math.sin(yaw);
  const ly = -across * Math.sin(yaw) + toward * Math.cos(yaw);
  const dot = n[0] * lx + n[1] * ly + n[2] * up;
  return shade(color, Math.max(-0.45, Math.min(0.2, (dot - 0.45) * 0.32)));
}

/** A face's look: a fill instead of the lit body colour, flat content drawn on it, or both. */
export type FaceContent = string | ((w: number, h: number) => string) | { fill: string; draw?: (w: number, h: number) => string };

export interface BoxFaces {
  top?: FaceContent;
  front?: FaceContent;
  back?: FaceContent;
  left?: FaceContent;
  right?: FaceContent;
}

/**
 * A box from corner o (min x, y, z) with size [w, d, h]. Each visible face gets its lit colour and
 * optional flat content drawn in face coordinates (x right and y down as seen from outside the face;
 * the top's y runs from the back edge to the front edge).
 */
export function box(cam: Camera, o: V3, [w, d, h]: V3, color: string, faces: BoxFaces = {}, edge = 0.12): string {
  const [x, y, z] = o;
  const sides: { n: V3; origin: V3; u: V3; v: V3; size: [number, number]; content: BoxFaces[keyof BoxFaces] }[] = [
    { n: [0, 0, 1], origin: [x, y + d, z + h], u: [1, 0, 0], v: [0, -1, 0], size: [w, d], content: faces.top },
    { n: [0, -1, 0], origin: [x, y, z + h], u: [1, 0, 0], v: [0, 0, -1], size: [w, h], content: faces.front },
    { n: [0, 1, 0], origin: [x + w, y + d, z + h], u: [-1, 0, 0], v: [0, 0, -1], size: [w, h], content: faces.back },
    { n: [1, 0, 0], origin: [x + w, y, z + h], u: [0, 1, 0], v: [0, 0, -1], size: [d, h], content: faces.right },
    { n: [-1, 0, 0], origin: [x, y + d, z + h], u: [0, -1, 0], v: [0, 0, -1], size: [d, h], content: faces.left },
  ];
  let out = '';
  for (const s of sides) {
    if (!cam.sees(s.n)) continue;
    const [fw, fh] = s.size;
    const c = s.content;
    const draw = typeof c === 'function' ? c : typeof c === 'object' ? c.draw : undefined;
    const fill = typeof c === 'string' ? c : typeof c === 'object' ? c.fill : lit(cam, color, s.n);
    const base = fill === 'none' ? '' : rect(0, 0, fw, fh, fill);
    out += `<g transform="${cam.matrix(s.origin, s.u, s.v)}">${base}${draw ? draw(fw, fh) : ''}</g>`;
  }
  if (edge > 0) {
    // A thin highlight along the top edges nearest the camera reads as a softened corner.
    const top: V3[] = [
      [x, y, z + h],
      [x + w, y, z + h],
      [x + w, y + d, z + h],
      [x, y + d, z + h],
    ];
    const near = [0, 1, 2, 3]
      .map((i) => [top[i] as V3, top[(i + 1) % 4] as V3] as const)
      .filter(([a, b]) => {
        const mid: V3 = [(a[0] + b[0]) / 2 - (x + w / 2), (a[1] + b[1]) / 2 - (y + d / 2), 0];
        return cam.sees(mid);
      });
    if (cam.sees([0, 0, 1])) {
      const d2 = near.map(([a, b]) => `M${cam.at(a).map(r1).join(' ')}L${cam.at(b).map(r1).join(' ')}`).join('');
      out += `<path d="${d2}" stroke="#fff" stroke-opacity="${edge}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
    }
  }
  return out;
}

/**
 * Floor shadow under footprints (rectangles on the floor, z = 0): a wide soft ellipse and a
 * contact shadow hugging the footprint in two steps. No blur filter: it would cost more than
 * the whole rest of an image.
 */
export function floorShadow(svg: Svg, cam: Camera, footprints: [number, number, number, number][], contact = true, strength = 1): string {
  let out = '';
  const soft = svg.radial([
    [0, '#1b2333', 0.2 * strength],
    [0.6, '#1b2333', 0.08 * strength],
    [1, '#1b2333', 0],
  ]);
  for (const [x0, y0, x1, y1] of footprints) {
    const pts = (
      [
        [x0, y0, 0],
        [x1, y0, 0],
        [x1, y1, 0],
        [x0, y1, 0],
      ] as V3[]
    ).map((p) => cam.at(p));
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    const rx = (Math.max(...xs) - Math.min(...xs)) / 2;
    const ry = (Math.max(...ys) - Math.min(...ys)) / 2;
    out += `<ellipse cx="${r1(cx)}" cy="${r1(cy + ry * 0.1)}" rx="${r1(rx * 1.2 + 40)}" ry="${r1(ry * 1.3 + 26)}" fill="${soft}"/>`;
    // Contact shadow: the footprint itself, nudged down the picture so only a sliver shows
    // below the object's bottom edges, darker and tighter first, then wider and fainter.
    const poly = pts.map((p) => p.map(r1).join(',')).join(' ');
    if (contact)
      for (const [dy, grow, opacity] of [
        [9, 1.02, 0.06],
        [5, 1.01, 0.1],
        [2, 1, 0.22],
      ] as const) {
        out += `<polygon points="${poly}" fill="#0e1420" fill-opacity="${r2(opacity * strength)}" transform="translate(${r1(cx * (1 - grow))} ${r1(cy * (1 - grow) + dy)}) scale(${grow})"/>`;
      }
  }
  return out;
}

// ---------------------------------------------------------------- screens

export type WallpaperStyle = 'bloom' | 'waves' | 'mountains' | 'aurora' | 'shards';
export const WALLPAPER_STYLES: WallpaperStyle[] = ['bloom', 'waves', 'mountains', 'aurora', 'shards'];

export interface WallpaperOptions {
  style: WallpaperStyle;
  hue: number;
  hue2: number;
  seed: number;
  /** A taskbar with app icons along the bottom. */
  taskbar: 'bar' | 'dock' | 'none';
}

/** A desktop wallpaper filling (0,0)-(w,h), clipped to it. */
export function wallpaper(svg: Svg, w: number, h: number, o: WallpaperOptions): string {
  const rng = new Rng(o.seed);
  const { hue, hue2 } = o;
  let body = '';
  switch (o.style) {
    case 'bloom': {
      body += rect(
        0,
        0,
        w,
        h,
        svg.linear(
          [
            [0, hsl(hue, 55, 14)],
            [1, hsl(hue2, 60, 34)],
          ],
          0,
          0,
          1,
          1,
        ),
      );
      const cx = w * rng.range(0.42, 0.6);
      const cy = h * rng.range(0.45, 0.6);
      const petal = svg.linear(
        [
          [0, hsl(hue2, 90, 72), 0.95],
          [1, hsl(hue, 85, 45), 0.35],
        ],
        0,
        0,
        1,
        0,
      );
      const count = 6;
      for (let i = 0; i < count; i += 1) {
        const angle = (360 / count) * i + rng.range(-8, 8);
        body += `<ellipse cx="${r1(cx + h * 0.17)}" cy="${r1(cy)}" rx="${r1(h * 0.2)}" ry="${r1(h * 0.075)}" fill="${petal}" transform="rotate(${r1(angle)} ${r1(cx)} ${r1(cy)})"/>`;
      }
      body += circle(cx, cy, h * 0.05, hsl(hue2, 90, 85), 'fill-opacity="0.8"');
      break;
    }
    case 'waves': {
      body += rect(
        0,
        0,
        w,
        h,
        svg.linear(
          [
            [0, hsl(hue, 70, 58)],
            [1, hsl(hue2, 65, 30)],
          ],
          0,
          0,
          0.3,
          1,
        ),
      );
      for (let i = 0; i < 4; i += 1) {
        const y = h * (0.35 + i * 0.15) + rng.range(-h * 0.04, h * 0.04);
        const a = h * rng.range(0.08, 0.18);
        const fill = hsl(hue + i * 18, 80, 70 - i * 10);
        body += `<path d="M0 ${r1(y)}C${r1(w * 0.3)} ${r1(y - a)} ${r1(w * 0.6)} ${r1(y + a)} ${r1(w)} ${r1(y - a * 0.4)}V${r1(h)}H0Z" fill="${fill}" fill-opacity="${r2(0.35 + i * 0.12)}"/>`;
      }
      break;
    }
    case 'mountains': {
      body += rect(
        0,
        0,
        w,
        h,
        svg.linear([
          [0, hsl(hue, 60, 70)],
          [0.65, hsl(hue2, 70, 82)],
          [1, hsl(hue2, 60, 88)],
        ]),
      );
      body += circle(w * rng.range(0.25, 0.75), h * rng.range(0.22, 0.38), h * 0.09, hsl(hue2 + 20, 90, 92), 'fill-opacity="0.9"');
      for (let layer = 0; layer < 3; layer += 1) {
        const base = h * (0.55 + layer * 0.14);
        const peaks = 5 + layer;
        let d = `M0 ${r1(h)}L0 ${r1(base)}`;
        for (let i = 1; i <= peaks; i += 1) {
          const x = (w / peaks) * i;
          const up = h * rng.range(0.06, 0.2) * (1 - layer * 0.2);
          d += `L${r1(x - w / peaks / 2)} ${r1(base - up)}L${r1(x)} ${r1(base + rng.range(-h * 0.02, h * 0.03))}`;
        }
        d += `L${r1(w)} ${r1(h)}Z`;
        body += `<path d="${d}" fill="${hsl(hue + 10, 35 + layer * 10, 48 - layer * 14)}"/>`;
      }
      break;
    }
    case 'aurora': {
      body += rect(
        0,
        0,
        w,
        h,
        svg.linear([
          // A night sky, whatever the hue: dark blues, never brown.
          [0, hsl(225 + (((hue % 40) + 40) % 40), 60, 9)],
          [1, hsl(210 + (((hue % 40) + 40) % 40), 50, 22)],
        ]),
      );
      for (let i = 0; i < 3; i += 1) {
        const y = h * (0.25 + i * 0.18);
        const a = h * rng.range(0.1, 0.2);
        const band = svg.linear(
          [
            [0, hsl(hue2 + i * 25, 85, 60), 0],
            [0.5, hsl(hue2 + i * 25, 85, 62), 0.75],
            [1, hsl(hue2 + i * 25, 85, 60), 0],
          ],
          0,
          0,
          1,
          0,
        );
        body += `<path d="M0 ${r1(y)}C${r1(w * 0.35)} ${r1(y - a)} ${r1(w * 0.65)} ${r1(y + a)} ${r1(w)} ${r1(y - a / 2)}L${r1(w)} ${r1(y + h * 0.09)}C${r1(w * 0.65)} ${r1(y + a + h * 0.05)} ${r1(w * 0.35)} ${r1(y - a + h * 0.12)} 0 ${r1(y + h * 0.1)}Z" fill="${band}"/>`;
      }
      for (let i = 0; i < 14; i += 1)
        body += circle(rng.range(0, w), rng.range(0, h * 0.5), rng.range(0.4, 1.1), '#ffffff', 'fill-opacity="0.7"');
      break;
    }
    case 'shards': {
      body += rect(
        0,
        0,
        w,
        h,
        svg.linear(
          [
            [0, hsl(hue, 55, 22)],
            [1, hsl(hue2, 70, 50)],
          ],
          0,
          1,
          1,
          0,
        ),
      );
      for (let i = 0; i < 7; i += 1) {
        const x = rng.range(-0.1, 1) * w;
        const y = rng.range(-0.1, 1) * h;
        const s = rng.range(0.25, 0.55) * h;
        body += `<polygon points="${r1(x)},${r1(y)} ${r1(x + s)},${r1(y + s * 0.3)} ${r1(x + s * 0.35)},${r1(y + s)}" fill="${hsl(i % 2 ? hue : hue2, 80, 55 + i * 4)}" fill-opacity="${r2(0.18 + (i % 3) * 0.1)}"/>`;
      }
      break;
    }
  }
  if (o.taskbar !== 'none') {
    const icons = 7;
    const size = Math.max(1.2, h * 0.045);
    const gap = size * 0.55;
    const total = icons * size + (icons - 1) * gap;
    const y = h - size * (o.taskbar === 'dock' ? 1.7 : 1.35);
    if (o.taskbar === 'bar') body += rect(0, h - size * 1.7, w, size * 1.7, '#0b1020', 'fill-opacity="0.55"');
    else
      body += rect(
        w / 2 - total / 2 - gap,
        y - gap * 0.8,
        total + gap * 2,
        size + gap * 1.6,
        '#ffffff',
        `fill-opacity="0.28" rx="${r2(size * 0.45)}"`,
      );
    for (let i = 0; i < icons; i += 1) {
      const color = i === 0 ? '#ffffff' : hsl(hue + i * 47, 70, 58);
      body += rect(w / 2 - total / 2 + i * (size + gap), y, size, size, color, `rx="${r2(size * 0.25)}" fill-opacity="0.92"`);
    }
  }
  return `<g data-wallpaper="${o.style}" clip-path="${svg.clip(rect(0, 0, w, h, '#000'))}">${body}</g>`;
}

/** A faint diagonal reflection across a glass screen. */
export function glare(w: number, h: number, strength = 0.09): string {
  return `<polygon points="${r1(w * 0.52)},0 ${r1(w * 0.8)},0 ${r1(w * 0.42)},${r1(h)} ${r1(w * 0.14)},${r1(h)}" fill="#ffffff" fill-opacity="${strength}"/>`;
}
