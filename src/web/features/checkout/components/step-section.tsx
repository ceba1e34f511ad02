import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One checkout step: a heading that takes the focus when the step opens (so keyboard and screen
 * reader users land on it), then the step's content.
 */
export function StepSection({ id, title, moveFocus, children }: { id: string; title: string; moveFocus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moveFocus) heading.current?.focus();
  }, [moveFocus]);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}
