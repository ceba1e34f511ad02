import { Link } from 'react-router';
import { adminJobsQuerySchema, JOB_STATES, type JobCounts, type JobState } from '~/shared/schemas/jobs';
import { cn } from '~/web/components/ui/cn';
import { formatCount } from '~/web/lib/format';
import { listParamsOf } from '~/web/lib/list-state/list-params';
import { useCurrentInView } from '~/web/lib/use-current-in-view';
import type { AdminJobsFilter } from '../api/admin-jobs';
import { STATE_LABELS } from './job-words';

/**
 * The four states as links (each a shareable address that keeps the job filter), failed first, each
 * with its count; the open one is marked for screen readers. A failed count is shown in red.
 */
export function JobStateTabs({ filter, counts }: { filter: AdminJobsFilter; counts: JobCounts | undefined }) {
  const current = filter.state ?? 'failed';
  const searchOf = (state: JobState) => {
    const s = listParamsOf(adminJobsQuerySchema, { ...filter, state, page: undefined }).toString();
    return s ? `?${s}` : '';
  };
  // On a phone the tabs scroll sideways: the open one stays in view (also once the counts widen them).
  const row = useCurrentInView<HTMLElement>(`${current} ${counts ? 'counted' : ''}`);
  return (
    // Relative: the counts' screen-reader text (absolutely placed) stays inside the box that scrolls on a phone.
    <nav ref={row} aria-label="Job states" className="relative mb-5 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {JOB_STATES.map((state) => {
          const count = counts?.[state];
          const alarming = state === 'failed' && Boolean(count);
          return (
            <li key={state}>
              <Link
                to={{ search: searchOf(state) }}
                aria-current={state === current ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium',
                  state === current ? 'border-brand-600 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {STATE_LABELS[state]}
                {/* A space for screen readers ("Failed 2 jobs"); the flex row shows none. */}
                {count !== undefined && ' '}
                {count !== undefined && (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      alarming ? 'bg-red-700 text-white' : 'bg-slate-100 text-slate-800',
                    )}
                  >
                    <span aria-hidden="true">{formatCount(count)}</span>
                    <span className="sr-only">{`${formatCount(count)} ${count === 1 ? 'job' : 'jobs'}`}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
