import { useEffect, useState, type RefObject } from 'react';

export interface ScrollEdges {
  /** Something is scrolled out of view at the start (the left). */
  start: boolean;
  /** More is out of view at the end (the right). */
  end: boolean;
}

const NONE: ScrollEdges = { start: false, end: false };

/**
 * Whether a box that scrolls sideways has more out of view at either edge, followed as it scrolls and as
 * it or its content changes size (a phone turned, a table's rows arriving): what a fade or an arrow at
 * that edge shows. Neither while everything fits.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      // A pixel's slack: zoomed pages scroll by fractions and never quite reach the end.
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(box);
    for (const child of box.children) resized?.observe(child);
    return () => {
      box.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, [ref]);
  return edges;
}
