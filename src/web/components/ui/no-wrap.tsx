import type { ReactNode } from 'react';

/**
 * Text kept on one line, such as an order number: "SC-100020" would otherwise break after its hyphen
 * in a narrow title ("Refund items of order SC-" / "100020"). The text itself is unchanged, so it
 * copies and searches as written.
 */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}
