import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/web/components/ui/cn';

/**
 * The change from the previous period in %, with an arrow for the eye and "Up" or "Down" for screen
 * readers. Green when the change is good news (`upIsGood`: more sales; fewer refunds).
 */
export function Change({ now, before, period, upIsGood = true }: { now: number; before: number; period: string; upIsGood?: boolean }) {
  if (before === 0) {
    return <p className="mt-0.5 text-xs text-slate-600">{now === 0 ? 'None in either period' : `None in the previous ${period}`}</p>;
  }
  const change = Math.round(((now - before) * 100) / before);
  if (change === 0) return <p className="mt-0.5 text-xs text-slate-600">No change on the previous {period}</p>;
  const up = change > 0;
  const good = up === upIsGood;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={cn('mt-0.5 flex flex-wrap items-center gap-0.5 text-xs', good ? 'text-green-800' : 'text-red-700')}>
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      <span>
        <span className="sr-only">{up ? 'Up' : 'Down'} </span>
        {Math.abs(change)}% on the previous {period}
      </span>
    </p>
  );
}

/** One figure of the period: its name, its value and what it was before. */
export function FigureCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd>
        <p className="mt-1 text-lg font-bold break-words text-slate-900 tabular-nums sm:text-2xl">{value}</p>
        {children}
      </dd>
    </div>
  );
}
