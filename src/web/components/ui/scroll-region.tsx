import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * A box whose content scrolls sideways (a wide table on a phone), as a named region the keyboard can
 * reach and scroll (WCAG 2.1.1; axe's scrollable-region-focusable), even when nothing inside it takes
 * focus. Named by `label`, or by the element `labelledBy` names.
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
  return (
    <div
      className={cn('overflow-x-auto', className)}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {children}
    </div>
  );
}
