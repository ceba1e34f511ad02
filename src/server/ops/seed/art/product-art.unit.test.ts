import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productArtSvgs, renderProductImages, type ProductArtInput } from './product-art';
import { lettering, measureText, normaliseText } from './stroke-font';

const thinkpad: ProductArtInput = {
  key: 'lenovo-thinkpad-e14-gen-5-i5-16-512',
  category: 'Laptop',
  brand: 'Lenovo',
  name: 'Lenovo ThinkPad E14 Gen 5',
  model: '21JK00C5IG',
  screenSizeIn: 14,
};

const products: ProductArtInput[] = [
  thinkpad,
  {
    key: 'asus-rog-strix-g16',
    category: 'Laptop',
    brand: 'ASUS',
    name: 'ASUS ROG Strix G16 Gaming Laptop',
    model: 'G614JV',
    screenSizeIn: 16,
  },
  {
    key: 'dell-p2723qe',
    category: 'Monitor',
    brand: 'Dell',
    name: 'Dell 27 4K USB-C Hub Monitor P2723QE',
    model: 'P2723QE',
    screenSizeIn: 27,
  },
  {
    key: 'samsung-odyssey-g5',
    category: 'Monitor',
    brand: 'Samsung',
    name: 'Samsung Odyssey G5 27" Curved Gaming Monitor',
    model: 'LC27G55T',
    screenSizeIn: 27,
  },
  { key: 'hp-prodesk-400-g9', category: 'Desktop', brand: 'HP', name: 'HP ProDesk 400 G9 Tower', model: '400G9' },
  {
    key: 'lenovo-m70q-tiny',
    category: 'Desktop',
    brand: 'Lenovo',
    name: 'Lenovo ThinkCentre M70q Tiny',
    model: '11T3',
    screenSizeIn: null,
  },
  { key: 'hp-aio-24', category: 'Desktop', brand: 'HP', name: 'HP All-in-One 24', model: '24-cr0', screenSizeIn: 23.8 },
];

describe('renderProductImages', () => {
  it('draws at least two different 1200×900 WebP pictures of each product', { timeout: 60_000 }, async () => {
    const seen = new Set<string>();
    for (const product of products) {
      const arts = await renderProductImages(product);
      expect(arts.length).toBeGreaterThanOrEqual(2);
      for (const art of arts) {
        const meta = await sharp(art.buffer).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
        expect(art).toMatchObject({ width: 1200, height: 900 });
        expect(art.alt).toMatch(/ — .*view/);
        const digest = art.buffer.toString('base64');
        expect(seen.has(digest)).toBe(false);
        seen.add(digest);
      }
      expect(new Set(arts.map((a) => a.view)).size).toBe(arts.length);
    }
  });

  it('names the product and the view in the alt text, without repeating the brand', async () => {
    const arts = await renderProductImages(thinkpad);
    expect(arts.map((a) => a.alt)).toEqual(['Lenovo ThinkPad E14 Gen 5 — front view', 'Lenovo ThinkPad E14 Gen 5 — side view with ports']);
    const [first] = await renderProductImages({ ...thinkpad, name: 'IdeaPad Slim 3' });
    expect(first?.alt).toBe('Lenovo IdeaPad Slim 3 — front view');
  });

  it('draws the same product the same way every time, and another product differently', () => {
    expect(productArtSvgs(thinkpad)).toEqual(productArtSvgs({ ...thinkpad }));
    const other = productArtSvgs({ ...thinkpad, key: 'lenovo-thinkpad-e14-gen-5-i7-16-1tb' });
    expect(other[0]?.svg).not.toBe(productArtSvgs(thinkpad)[0]?.svg);
  });

  it('chooses the shape from the category and the name', () => {
    const kindOf = (p: ProductArtInput) => /data-kind="(\w+)"/.exec(productArtSvgs(p)[0]?.svg ?? '')?.[1];
    expect(products.map(kindOf)).toEqual(['laptop', 'laptop', 'monitor', 'monitor', 'tower', 'mini', 'aio']);
    expect(kindOf({ ...products[4]!, name: 'Dell OptiPlex 7010 SFF' })).toBe('sff');
    // Screens show a wallpaper; the curved monitor's screen has a curved outline.
    expect(productArtSvgs(thinkpad)[0]?.svg).toMatch(/data-wallpaper="\w+"/);
    expect(productArtSvgs(products[3]!)[0]?.svg).toMatch(/<path d="M0 0Q/);
    expect(productArtSvgs(products[2]!)[0]?.svg).not.toMatch(/<path d="M0 0Q[\d.]+ [1-9]/);
  });
});

describe('stroke font', () => {
  it('draws capitals, digits and symbols as a stroked path, folding what it cannot draw', () => {
    expect(normaliseText('Zenbook 14 OLED – Ryzen™ 7 (é)')).toBe('ZENBOOK 14 OLED - RYZEN 7 (E)');
    const path = lettering('ThinkPad 14"', 10, 20, { size: 12, color: '#222' });
    expect(path).toMatch(/^<path transform="translate\([\d.]+ 20\) scale\(2\)" d="M/);
    expect(lettering('™', 0, 0, { size: 12, color: '#000' })).toBe('');
  });

  it('shrinks lettering to fit a width', () => {
    const wide = lettering('VIEWSONIC', 0, 0, { size: 60, color: '#000', maxWidth: 100 });
    const scale = Number(/scale\(([\d.]+)\)/.exec(wide)?.[1]);
    expect(measureText('VIEWSONIC') * scale).toBeLessThanOrEqual(100.5);
  });
});
