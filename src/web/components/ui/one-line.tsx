import { cn } from './cn';

/**
 * A name read as one word, such as an e-mail address, an AWB or a payment's reference, in a column of
 * a table: on one line, never broken inside ("rohan.deshpand" / "e@example.in"). Longer than its
 * column (14rem at most, or the width of its box with `fill`), it is cut with "…", the whole of it in a
 * tooltip; the text itself is all there, for screen readers, copying and searching.
 */
export function OneLine({ children, className, fill = false }: { children: string; className?: string; fill?: boolean }) {
  return (
    <span title={children} className={cn('block truncate', fill ? 'max-w-full' : 'max-w-56', className)}>
      {children}
    </span>
  );
}
