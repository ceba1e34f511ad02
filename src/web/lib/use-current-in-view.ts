import { useEffect, useRef } from 'react';

/** Room left beside the entry once it is scrolled into the row (a row's own padding is 12–16 px). */
const ROOM_PX = 16;

/**
 * A row of links that scrolls sideways on a phone (the back office's pages, a list's tabs) keeps
 * its current entry (`aria-current="page"`) in view: the row itself is scrolled, never the page,
 * whenever `key` changes (another page or tab, or labels that grew with their counts). A row that
 * fits, as on a wide screen, is left alone.
 */
export function useCurrentInView<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    if (box.left < rowBox.left) row.scrollLeft += box.left - rowBox.left - ROOM_PX;
    else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right + ROOM_PX;
  }, [key]);
  return ref;
}
