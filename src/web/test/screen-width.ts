import { vi } from 'vitest';

/**
 * A screen of `width` px: `matchMedia` answers `(max-width: …px)` queries as a browser would, so a
 * DataTable with `phoneCards` shows its cards at 390. Undo with `vi.unstubAllGlobals()`.
 */
export function screenOf(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0) >= width,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
