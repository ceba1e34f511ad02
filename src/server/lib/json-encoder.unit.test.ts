import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  homeResponseSchema,
  productDetailResponseSchema,
  productFacetsResponseSchema,
  productListResponseSchema,
  suggestResponseSchema,
} from '~/shared/schemas/catalogue';
import { isPlainSchema, jsonEncoder } from './json-encoder';

describe('isPlainSchema', () => {
  it('finds the catalogue responses plain: sending them without encoding changes nothing', () => {
    for (const schema of [
      productListResponseSchema,
      productFacetsResponseSchema,
      productDetailResponseSchema,
      homeResponseSchema,
      suggestResponseSchema,
    ]) {
      expect(isPlainSchema(schema)).toBe(true);
    }
  });

  it('finds a transform, a codec, a default or a date anywhere in a schema, however deep', () => {
    const deep = (inner: z.ZodType) => z.object({ items: z.array(z.object({ a: z.string(), b: inner.nullable() })) });
    expect(isPlainSchema(deep(z.number()))).toBe(true);
    expect(isPlainSchema(deep(z.string().transform((s) => s.trim())))).toBe(false);
    expect(isPlainSchema(deep(z.codec(z.string(), z.number(), { decode: Number, encode: String })))).toBe(false);
    expect(isPlainSchema(deep(z.string().default('x')))).toBe(false);
    expect(isPlainSchema(deep(z.date()))).toBe(false);
    expect(isPlainSchema(z.union([z.literal('a'), z.record(z.string(), z.string().pipe(z.string()))]))).toBe(false);
  });
});

describe('jsonEncoder', () => {
  const schema = z.object({ price: z.number().int() });

  it('checks a value against a plain schema where asked to, and refuses one that does not fit', () => {
    expect(jsonEncoder(schema, true)({ price: 5 })).toBe('{"price":5}');
    expect(() => jsonEncoder(schema, true)({ price: 5.5 })).toThrow();
  });

  it('refuses, where asked to check, a value with a field its schema leaves out: production would send it unchecked', () => {
    expect(() => jsonEncoder(schema, true)({ price: 5, costPaise: 3 } as { price: number })).toThrow(/does not declare/);
  });

  it('sends a value of a plain schema as it is where not asked to check', () => {
    expect(jsonEncoder(schema, false)({ price: 5 })).toBe('{"price":5}');
  });

  it('always encodes by a schema that changes values', () => {
    const codec = z.object({ paid: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(jsonEncoder(codec, false)({ paid: 7 })).toBe('{"paid":"7"}');
  });
});
