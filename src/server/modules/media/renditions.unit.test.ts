import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { etagOf, matchesEtag, parseMediaFile, renditionKey, resizedKeysOf, Semaphore } from './renditions';

describe('media file names', () => {
  it('reads a width and a format', () => {
    expect(parseMediaFile('320.webp')).toEqual({ width: 320, format: 'webp', ext: 'webp' });
    expect(parseMediaFile('1280.jpg')).toEqual({ width: 1280, format: 'jpeg', ext: 'jpg' });
    expect(parseMediaFile('160.avif')).toEqual({ width: 160, format: 'avif', ext: 'avif' });
  });

  it.each([
    ['333.webp', /not 333/],
    ['320.gif', /not gif/],
    ['320.jpeg', /not jpeg/],
    ['large.webp', /not an image size/],
    ['320', /not an image size/],
  ])('refuses %s with a 400 that says what is allowed', (file, message) => {
    let caught: unknown;
    try {
      parseMediaFile(file);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).statusCode).toBe(400);
    expect((caught as AppError).message).toMatch(message);
    expect((caught as AppError).message).toMatch(/160, 320, 480, 640, 960, 1280/);
  });
});

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and all of them in the end', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate
          .run(async () => {
            running += 1;
            peak = Math.max(peak, running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running -= 1;
            if (i === 3) throw new Error('one task fails');
            return i;
          })
          .catch(() => -1),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, -1, 4, 5, 6]);
    expect(gate.queued).toBe(0);
  });
});

describe('resized copies', () => {
  it('are kept under one key per width and format, all of them listed for deletion', () => {
    const keys = resizedKeysOf('img_abc');
    expect(keys).toHaveLength(18);
    expect(keys).toContain(renditionKey('img_abc', 320, 'webp'));
    expect(keys.every((k) => k.startsWith('cache/img_abc/'))).toBe(true);
  });

  it('have an ETag that changes with the master, the width and the format, and match If-None-Match lists', () => {
    const tag = etagOf('products/p/img.webp', 320, 'webp');
    expect(
      new Set([
        tag,
        etagOf('products/p/other.webp', 320, 'webp'),
        etagOf('products/p/img.webp', 640, 'webp'),
        etagOf('products/p/img.webp', 320, 'jpg'),
      ]).size,
    ).toBe(4);
    expect(matchesEtag(`"x", W/${tag}`, tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('"x"', tag)).toBe(false);
    expect(matchesEtag(undefined, tag)).toBe(false);
  });
});
