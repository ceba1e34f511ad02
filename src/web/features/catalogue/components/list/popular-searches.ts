/** Searches the shop suggests when a list comes back empty; each finds products in the demo catalogue. */
export const POPULAR_SEARCHES = [
  'ThinkPad',
  'MacBook Air',
  'Gaming laptop',
  '27 inch 4K monitor',
  '16GB RAM laptop',
  'Dell monitor',
] as const;
