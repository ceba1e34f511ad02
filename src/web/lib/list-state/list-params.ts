import type { z } from 'zod';

/** A back-office list's query schema: the strict zod object the server parses the same query with. */
export type ListSchema = z.ZodObject<z.ZodRawShape>;

/**
 * The list state in a URL, parsed with the list's own query schema field by field: a value the
 * schema refuses (a hand-edited `page=two`, a stale `status`) falls back to that field's default
 * instead of breaking the page. Parameters the schema does not know are ignored.
 */
export function parseListParams<S extends ListSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params.get(key);
    const parsed = field.safeParse(raw === null || raw === '' ? undefined : raw);
    if (parsed.success) {
      if (parsed.data !== undefined) state[key] = parsed.data;
      continue;
    }
    const fallback = field.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) state[key] = fallback.data;
  }
  return state as z.output<S>;
}

/** The defaults of a list: what an address without parameters means. */
export function listDefaults<S extends ListSchema>(schema: S): z.output<S> {
  return parseListParams(schema, new URLSearchParams());
}

/**
 * The URL parameters of a list state, short: defaults and empty values are left out, in the order
 * of the schema, so the same list always has the same address (and Back and shared links work).
 */
export function listParamsOf<S extends ListSchema>(schema: S, state: object): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    const value = (state as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (String(value) === String(defaults[key])) continue;
    params.set(key, String(value));
  }
  return params;
}
