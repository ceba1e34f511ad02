import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';

/** While the first quote loads, or when it failed: the skeleton or the error with Retry. */
export function QuotePending({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (error) return <ErrorState title="Your order could not be priced" error={error} onRetry={onRetry} />;
  return <ListSkeleton rows={3} label="Pricing your order" />;
}
