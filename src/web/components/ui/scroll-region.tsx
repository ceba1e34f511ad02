import { useRef, type ReactNode } from 'react';
import { useScrollEdges } from '~/web/lib/use-scroll-edges';
import { cn } from './cn';
import { ScrollEdgeSigns } from './scroll-edge-signs';

/**
 * A box whose content scrolls sideways (a wide table on a phone), as a named region the keyboard can
 * reach and scroll (WCAG 2.1.1; axe's scrollable-region-focusable), even when nothing inside it takes
 * focus. Named by `label`, or by the element `labelledBy` names. While more is out of view at an edge,
 * a fade with an arrow there says so.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(box);
  return (
    <div className="relative">
      <div
        ref={box}
        className={cn('overflow-x-auto', className)}
        role="region"
        aria-label={label}
        aria-labelledby={labelledBy}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {children}
      </div>
      <ScrollEdgeSigns edges={edges} />
    </div>
  );
}
