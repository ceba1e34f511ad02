import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, sqlCaptureDir } from './env';

/**
 * `.env.example` is where a newcomer reads the settings: every key of env.ts's schema, its default
 * and a comment. These tests keep the two from drifting apart.
 */
const examplePath = path.resolve(import.meta.dirname, '../../../.env.example');
const lines = readFileSync(examplePath, 'utf8').split('\n');

interface Entry {
  key: string;
  value: string;
  line: number;
}

const entries: Entry[] = lines.flatMap((text, index) => {
  const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(text);
  return match ? [{ key: match[1]!, value: match[2]!, line: index + 1 }] : [];
});
const byKey = new Map(entries.map((entry) => [entry.key, entry]));
const schemaKeys = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** Settings env.ts reads outside its schema, each with the function that reads it. */
const readOutsideTheSchema: Record<string, (value: string) => unknown> = {
  SHOP_SQL_CAPTURE_DIR: (value) => sqlCaptureDir({ SHOP_SQL_CAPTURE_DIR: value }),
};

describe('.env.example', () => {
  it('lists every setting of env.ts once, and nothing env.ts does not read', () => {
    const duplicates = entries.filter((entry, i) => entries.findIndex((other) => other.key === entry.key) !== i);
    expect(duplicates.map((d) => `${d.key} (line ${d.line})`)).toEqual([]);
    expect(schemaKeys.filter((key) => !byKey.has(key))).toEqual([]);
    const unknown = entries.map((e) => e.key).filter((key) => !(key in envSchema.shape) && !(key in readOutsideTheSchema));
    expect(unknown).toEqual([]);
  });

  it("writes each setting's default as env.ts has it, and leaves a setting without one empty", () => {
    const wrong = schemaKeys.flatMap((key) => {
      const entry = byKey.get(key);
      if (!entry) return [];
      const field = envSchema.shape[key];
      const fallback: unknown = field.parse(undefined);
      if (fallback === undefined) {
        return entry.value === '' ? [] : [`${key}=${entry.value}: env.ts has no default, so the example leaves it empty`];
      }
      const written = field.safeParse(entry.value);
      return written.success && written.data === fallback ? [] : [`${key}=${entry.value}: env.ts's default is ${String(fallback)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('says what each setting does, in a comment just above it', () => {
    const bare = entries.filter((entry) => !/^# \S/.test(lines[entry.line - 2] ?? ''));
    expect(bare.map((entry) => entry.key)).toEqual([]);
  });

  it('names the settings env.ts reads outside its schema as unset, and env.ts does read them', () => {
    for (const [key, read] of Object.entries(readOutsideTheSchema)) {
      expect(byKey.get(key)?.value).toBe('');
      expect(read('/tmp/shop-example')).toBe('/tmp/shop-example');
    }
  });
});
