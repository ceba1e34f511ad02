/** Escapes `\`, `%` and `_` so text typed into a search box matches itself in LIKE/ILIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
