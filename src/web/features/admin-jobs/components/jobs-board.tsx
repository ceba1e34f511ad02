import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CircleCheck, Hourglass, Workflow } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { AdminJob, AdminJobsQuery, JobState } from '~/shared/schemas/jobs';
import { DataTable, type DataTableColumn } from '~/web/components/data-table/data-table';
import { FilterSelect } from '~/web/components/data-table/list-filters';
import { Button } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { adminJobsQueryOptions, JOBS_REFRESH_SECONDS } from '../api/admin-jobs';
import { JobActions } from './job-actions';
import { JobDetails, JobRecords, JobRequestId, JobWhen } from './job-cells';
import { JobStateTabs } from './job-state-tabs';
import { jobTitle, STATE_LABELS, type RecordPlaces } from './job-words';

/** What each state's list is called, in the order the server gives it. */
const CAPTIONS: Record<JobState, string> = {
  failed: 'Failed jobs, most recent first',
  running: 'Running jobs, most recent first',
  waiting: 'Waiting jobs, in the order they run',
  scheduled: 'Scheduled jobs, soonest first',
};

/** An empty tab, said plainly: for the failed one, that all is well. */
const EMPTY: Record<JobState, { icon: ReactNode; title: string; text: string }> = {
  failed: {
    icon: <CircleCheck />,
    title: 'No failed jobs — everything ran.',
    text: 'A job that still fails after its last try stays here with its error until you retry or dismiss it.',
  },
  running: {
    icon: <Workflow />,
    title: 'Nothing is running right now.',
    text: 'Jobs show here while a worker does them: sending an e-mail, resizing a picture, settling payouts.',
  },
  waiting: {
    icon: <Hourglass />,
    title: 'Nothing is waiting.',
    text: 'Jobs that are due wait here for a free worker; a long list means the workers are behind.',
  },
  scheduled: {
    icon: <CalendarClock />,
    title: 'Nothing is scheduled.',
    text: 'Jobs due later show here: the shop’s recurring work, and the next tries of jobs that failed.',
  },
};

function columns(now: number, places: RecordPlaces): DataTableColumn<AdminJob>[] {
  return [
    {
      id: 'job',
      header: 'Job',
      rowHeader: true,
      cell: (j) => (
        <div className="max-w-56">
          <p className="font-semibold text-slate-900">{jobTitle(j.task)}</p>
          <p className="text-xs text-slate-600">
            #{j.id} · <code>{j.task}</code>
          </p>
        </div>
      ),
    },
    { id: 'record', header: 'Works on', cell: (j) => <JobRecords job={j} places={places} /> },
    { id: 'tries', header: 'Tries', className: 'whitespace-nowrap', cell: (j) => `${j.attempts} of ${j.maxAttempts}` },
    {
      id: 'error',
      header: 'Last error',
      cell: (j) =>
        j.lastError ? (
          <p className="line-clamp-2 max-w-xs wrap-anywhere text-red-800">{j.lastError}</p>
        ) : (
          <span className="text-slate-600">None</span>
        ),
    },
    { id: 'when', header: 'When', cell: (j) => <JobWhen job={j} now={now} /> },
    { id: 'request', header: 'Request id', cell: (j) => <JobRequestId job={j} /> },
    { id: 'actions', rowActions: true, header: 'Action', cell: (j) => <JobActions job={j} /> },
  ];
}

/**
 * The background jobs of one state (tabs with every state's count), filtered by job, a page at a
 * time, refreshed every few seconds while the page is visible so a running job is seen finishing.
 * The records a job works on link to their pages (`places`: what else the shop can show).
 */
export function JobsBoard({
  filter,
  onChange,
  places,
}: {
  filter: AdminJobsQuery;
  onChange: (changes: Partial<AdminJobsQuery>) => void;
  places: RecordPlaces;
}) {
  const jobs = useQuery(adminJobsQueryOptions(filter));
  // Times read relative to the moment the list was fetched, so they move on with every refresh.
  const now = jobs.dataUpdatedAt;
  const { mailbox } = places;
  const tableColumns = useMemo(() => columns(now, { mailbox }), [now, mailbox]);

  const tasks = useMemo(() => {
    const names = new Set(jobs.data?.tasks ?? []);
    if (filter.task) names.add(filter.task);
    return [...names].sort((a, b) => jobTitle(a).localeCompare(jobTitle(b)));
  }, [jobs.data?.tasks, filter.task]);
  const taskLabels = Object.fromEntries(tasks.map((t) => [t, jobTitle(t)]));

  const empty = EMPTY[filter.state];
  return (
    <>
      <JobStateTabs filter={filter} counts={jobs.data?.counts} />
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <FilterSelect<string>
          label="Job"
          value={filter.task}
          values={tasks}
          labels={taskLabels}
          placeholder="Every job"
          onChange={(task) => onChange({ task })}
          className="w-full sm:w-80"
        />
        <p className="text-xs text-slate-600">Refreshes every {JOBS_REFRESH_SECONDS} seconds while this page is open.</p>
      </div>
      <DataTable<AdminJob>
        caption={`${CAPTIONS[filter.state]}${jobs.data ? ` (${jobs.data.total})` : ''}`}
        columns={tableColumns}
        rowKey={(j) => j.id}
        query={jobs}
        loadingLabel="Loading the jobs"
        errorTitle="The jobs could not be loaded"
        empty={
          filter.task ? (
            <EmptyState
              icon={empty.icon}
              title={`No ${STATE_LABELS[filter.state].toLowerCase()} jobs of “${jobTitle(filter.task)}”.`}
              action={
                <Button variant="secondary" onClick={() => onChange({ task: undefined })}>
                  Show every job
                </Button>
              }
            >
              {empty.text}
            </EmptyState>
          ) : (
            <EmptyState icon={empty.icon} title={empty.title}>
              {empty.text}
            </EmptyState>
          )
        }
        onPageChange={(page) => onChange({ page })}
        paginationLabel="Job pages"
        details={{
          render: (j) => <JobDetails job={j} now={now} places={places} />,
          label: (j) => `Details of job #${j.id} “${jobTitle(j.task)}”`,
        }}
        rowProps={(j) => ({ 'data-testid': `job-${j.id}` })}
        minWidth="60rem"
      />
    </>
  );
}
