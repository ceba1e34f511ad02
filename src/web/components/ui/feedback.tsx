import { CircleAlert, CircleCheck, Info, SearchX } from 'lucide-react';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { isApiError } from '~/web/lib/api-client';
import { Button } from './button';
import { cn } from './cn';

type Tone = 'error' | 'success' | 'info' | 'warning';
const TONES: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};
const ICONS = { error: CircleAlert, success: CircleCheck, info: Info, warning: CircleAlert };

export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-md border p-4 text-sm', TONES[tone], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}

/** Placeholder rows while a list loads; announced once to screen readers. */
export function ListSkeleton({ rows = 4, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  children,
  action,
  heading: Heading = 'h2',
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** `h1` when the state is all the page shows (a record that is not there). */
  heading?: 'h1' | 'h2';
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <div className="text-brand-600 [&_svg]:size-10">{icon}</div>}
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {children && <div className="max-w-prose text-sm text-slate-600">{children}</div>}
      {action}
    </div>
  );
}

/**
 * When a failed load is tried again by itself: a 503 says the shop (its database) is away for a
 * moment and when to come back (Retry-After, decision 24), so the page comes back by itself too.
 */
function retryDelaySeconds(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 503) return undefined;
  return Math.min(60, Math.max(1, error.retryAfterSeconds ?? 5));
}

/** Whether a failed load found nothing there (HTTP 404): asking again finds nothing again. */
export const isNotFound = (error: unknown): boolean => isApiError(error) && (error.status === 404 || error.code === 'NOT_FOUND');

/** What a page of one record says when there is no such record: its name for it, and the way back. */
export interface NotFoundWords {
  /** "Product not found". */
  title: string;
  /** What to say below it; the server's message when left out. */
  message?: ReactNode;
  /** The way back: a link to the list the record would be in. */
  action: ReactNode;
}

/** There is nothing at this address (a record that does not exist, or is not the viewer's): no Retry, a way back. */
export function NotFoundState({
  title,
  message,
  action,
  heading,
}: Omit<NotFoundWords, 'action'> & { action?: ReactNode; heading?: 'h1' | 'h2' }) {
  return (
    <EmptyState icon={<SearchX />} title={title} action={action} heading={heading}>
      {message}
    </EmptyState>
  );
}

/**
 * A failed load: says what failed and offers Retry (and, while the shop is away, tries again itself).
 * A 404 is not a failure to retry: it says what was not found (`notFound`, or "Not found" and the
 * server's message) with the way back, and offers no Retry.
 */
export function ErrorState({
  title = 'This could not be loaded',
  error,
  onRetry,
  notFound,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  notFound?: NotFoundWords;
}) {
  const missing = isNotFound(error);
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const retryIn = onRetry && !missing ? retryDelaySeconds(error) : undefined;
  const retry = useEffectEvent(() => onRetry?.());
  useEffect(() => {
    if (retryIn === undefined) return;
    const timer = setTimeout(retry, retryIn * 1000);
    return () => clearTimeout(timer);
    // A new failure (a new error) waits again.
  }, [error, retryIn]);

  if (missing)
    return <NotFoundState title={notFound?.title ?? 'Not found'} message={notFound?.message ?? message} action={notFound?.action} />;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-red-700" />
      <h2 className="text-lg font-semibold text-red-900">{title}</h2>
      <p className="max-w-prose text-sm text-red-900">{message}</p>
      {retryIn !== undefined && (
        <p className="text-sm text-red-900">
          We will try again in {retryIn} second{retryIn === 1 ? '' : 's'}.
        </p>
      )}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
