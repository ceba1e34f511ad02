/** Next index for an arrow, Home or End key; null for other keys. */
export function galleryKeyStep(key: string, index: number, count: number): number | null {
  if (count < 2) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
