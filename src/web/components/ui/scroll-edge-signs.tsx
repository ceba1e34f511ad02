import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ScrollEdges } from '~/web/lib/use-scroll-edges';
import { cn } from './cn';

const TONES = {
  /** Over white boxes (tables): a shadow. */
  light: { start: 'from-slate-900/20', end: 'from-slate-900/20', arrow: 'bg-white text-slate-700 shadow ring-1 ring-slate-300' },
  /** Over the back office's dark sidebar row: the row's own colour. */
  dark: { start: 'from-brand-900', end: 'from-brand-900', arrow: 'bg-brand-700 text-white' },
} as const;

/**
 * The visible sign that a box scrolls sideways and holds more than it shows: a fade with an arrow at
 * each edge that has more beyond it (`edges` from useScrollEdges). Drawn over the box, in the element
 * that holds it (which must be `relative`); for the eye only, as the box itself is what the keyboard,
 * a finger or a mouse wheel scrolls.
 */
export function ScrollEdgeSigns({ edges, tone = 'light' }: { edges: ScrollEdges; tone?: keyof typeof TONES }) {
  const colours = TONES[tone];
  return (
    <>
      {edges.start && (
        <div
          aria-hidden="true"
          data-scroll-sign="start"
          className={cn(
            'pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center bg-gradient-to-r to-transparent pl-1',
            colours.start,
          )}
        >
          <ChevronLeft className={cn('size-5 rounded-full p-0.5', colours.arrow)} />
        </div>
      )}
      {edges.end && (
        <div
          aria-hidden="true"
          data-scroll-sign="end"
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-gradient-to-l to-transparent pr-1',
            colours.end,
          )}
        >
          <ChevronRight className={cn('size-5 rounded-full p-0.5', colours.arrow)} />
        </div>
      )}
    </>
  );
}
