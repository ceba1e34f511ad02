import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/** A part of a zod schema, as its definition shows it. */
type Part = { _zod: { def: Def } };

/** What a zod schema's definition looks like to us: its kind and the parts it is made of. */
interface Def {
  type: string;
  shape?: Record<string, Part>;
  element?: Part;
  innerType?: Part;
  options?: Part[];
  keyType?: Part;
  valueType?: Part;
  items?: Part[];
  rest?: Part | null;
  catchall?: Part;
}

const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'null', 'literal', 'enum', 'unknown', 'any']);
const CONTAINERS = new Set(['object', 'array', 'nullable', 'optional', 'readonly', 'union', 'record', 'tuple']);

/**
 * True when encoding a value by `schema` can only check it, never change it: no transforms, codecs,
 * defaults or dates anywhere in it. For such a schema a value that passes comes out the same.
 */
export function isPlainSchema(schema: z.ZodType): boolean {
  const plain = (def: Def): boolean => {
    if (LEAVES.has(def.type)) return true;
    if (!CONTAINERS.has(def.type)) return false;
    const parts = [
      ...Object.values(def.shape ?? {}),
      ...(def.options ?? []),
      ...(def.items ?? []),
      ...[def.element, def.innerType, def.keyType, def.valueType, def.rest ?? undefined, def.catchall].filter((p) => p !== undefined),
    ];
    return parts.every((part) => plain(part._zod.def));
  };
  return plain((schema as unknown as Part)._zod.def);
}

/**
 * The JSON of a response by its schema. A schema that can change a value (a codec, a transform) always
 * encodes it. A plain one (`isPlainSchema`) encodes it, and so checks it, only where `check` is set
 * (development and tests); in production the value, built by typed code, goes out as it is. Encoding
 * a page of 24 product cards copied every object in it: an eighth of a list request's time in the process.
 */
export function jsonEncoder<S extends z.ZodType>(schema: S, check: boolean): (value: z.output<S>) => string {
  const plain = isPlainSchema(schema);
  if (!plain) return (value) => JSON.stringify(schema.encode(value));
  if (!check) return (value) => JSON.stringify(value);
  return (value) => {
    const json = JSON.stringify(schema.encode(value));
    // What production sends must be what was checked: a field the schema leaves out would go out unchecked there.
    const sent = JSON.stringify(value);
    if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(json))) {
      throw new Error(`A response carries what its schema does not declare: ${sent.slice(0, 300)}`);
    }
    return json;
  };
}
