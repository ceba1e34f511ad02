/**
 * A request's query string from a filter object: `?key=value&…`, or '' when nothing is set.
 * Undefined and empty values are left out, so an unset filter and an empty box ask the same.
 */
export function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const s = search.toString();
  return s ? `?${s}` : '';
}
