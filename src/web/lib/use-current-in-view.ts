import { useEffect, useRef } from 'react';

/** The edges of the row an entry must stay clear of: the fade and arrow that say more is beyond (ScrollEdgeSigns, 40 px). */
const EDGE_PX = 44;

/**
 * Scrolls `row` (never the page) so that its current entry is in view, clear of the edges' signs: to the
 * middle of the row when it is not; a row that fits is left alone.
 */
function keepCurrentInView(row: HTMLElement) {
  const current = row.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || row.scrollWidth <= row.clientWidth) return;
  const rowBox = row.getBoundingClientRect();
  const box = current.getBoundingClientRect();
  const startClear = row.scrollLeft === 0 || box.left >= rowBox.left + EDGE_PX;
  const endClear = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1 || box.right <= rowBox.right - EDGE_PX;
  if (startClear && endClear) return;
  row.scrollLeft += box.left + box.width / 2 - (rowBox.left + rowBox.width / 2);
}

/**
 * A row of links that scrolls sideways on a phone (the back office's pages, a list's tabs) keeps
 * its current entry (`aria-current="page"`) in view: the row itself is scrolled, never the page,
 * whenever `key` changes (another page or tab, or labels that grew with their counts) and whenever
 * the row's width changes (a window narrowed below the sidebar's width, a phone turned). A row that
 * fits, as on a wide screen, is left alone.
 */
export function useCurrentInView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current) keepCurrentInView(ref.current);
  }, [key]);
  useEffect(() => {
    const row = ref.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    let width = row.clientWidth;
    const resized = new ResizeObserver(() => {
      if (row.clientWidth === width) return;
      width = row.clientWidth;
      keepCurrentInView(row);
    });
    resized.observe(row);
    return () => resized.disconnect();
  }, []);
  return ref;
}
