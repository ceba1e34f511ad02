import { Link } from 'react-router';
import { cn } from '~/web/components/ui/cn';

export type PaymentsView = 'all' | 'failed' | 'stuck' | 'refunds';

const VIEWS: { view: PaymentsView; label: string; search: string }[] = [
  { view: 'all', label: 'All payments', search: '' },
  { view: 'failed', label: 'Failed', search: '?problem=failed' },
  { view: 'stuck', label: 'Stuck', search: '?problem=stuck' },
  { view: 'refunds', label: 'Refunds', search: '?view=refunds' },
];

/** The views of the payments page, as links (each a shareable address); the current one is marked for screen readers. */
export function PaymentsViews({ current }: { current: PaymentsView }) {
  return (
    <nav aria-label="Payment views" className="mb-5 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {VIEWS.map(({ view, label, search }) => (
          <li key={view}>
            <Link
              to={{ search }}
              aria-current={view === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-block border-b-2 px-4 py-2 text-sm font-medium',
                view === current ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
