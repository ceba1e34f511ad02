import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import type { AdminJob } from '~/shared/schemas/jobs';
import { formatDateTime, formatRelativeTime } from '~/web/lib/format';
import { CopyButton } from './copy-button';
import { recordsOf, whenOf, type RecordPlaces } from './job-words';

/**
 * The records a job works on ("Picture img_1", "Product prd_1"), each a link to its page where the
 * console has one, or the whole shop for the recurring jobs.
 */
export function JobRecords({ job, places }: { job: AdminJob; places: RecordPlaces }) {
  const records = recordsOf(job, places);
  if (records.length === 0) return <span className="text-slate-600">The whole shop</span>;
  return (
    <ul className="space-y-0.5">
      {records.map((r) =>
        r.href ? (
          <li key={r.key}>
            <Link to={r.href} className="text-brand-700 underline">
              {r.label} <code className="text-xs whitespace-nowrap">{r.id}</code>
            </Link>
          </li>
        ) : (
          <li key={r.key}>
            {r.label} <code className="text-xs whitespace-nowrap text-slate-700">{r.id}</code>
          </li>
        ),
      )}
    </ul>
  );
}

/** When it failed, started, is due or will run: relative ("in 5 minutes") over absolute (Indian time). */
export function JobWhen({ job, now }: { job: AdminJob; now: number }) {
  const { at, words } = whenOf(job, now);
  return (
    <>
      <p className="font-medium whitespace-nowrap text-slate-900">{words}</p>
      <time dateTime={at} className="text-xs whitespace-nowrap text-slate-600">
        {formatDateTime(at)}
      </time>
    </>
  );
}

/** The id of the request that queued the job (its log lines carry it as reqId), copyable. */
export function JobRequestId({ job }: { job: AdminJob }) {
  if (!job.requestId) return <span className="text-slate-600">None</span>;
  return (
    <div className="flex items-center gap-1">
      <code className="block max-w-32 truncate text-xs text-slate-700" title={job.requestId}>
        {job.requestId}
      </code>
      <CopyButton
        text={job.requestId}
        label={`Copy the request id of job #${job.id}`}
        copied={`Request id copied: the log lines with reqId ${job.requestId} are this job's and its request's.`}
      />
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </>
  );
}

const moment = (iso: string, now: number) => (
  <>
    <time dateTime={iso}>{formatDateTime(iso)}</time> <span className="text-slate-600">({formatRelativeTime(iso, now)})</span>
  </>
);

/** A row opened: the whole error line, every time, the worker, how to find its log lines, its audit entries. */
export function JobDetails({ job, now, places }: { job: AdminJob; now: number; places: RecordPlaces }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 pt-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      <Fact term="Last error">
        {job.lastError ? (
          <>
            <p className="font-mono text-xs whitespace-pre-wrap wrap-anywhere">{job.lastError}</p>
            <p className="mt-1 text-xs text-slate-600">
              The first line of the error; the whole error, with its stack, is in the worker’s log line for this job.
            </p>
          </>
        ) : (
          'None'
        )}
      </Fact>
      <Fact term="Works on">
        <JobRecords job={job} places={places} />
      </Fact>
      <Fact term="Tries">
        {job.attempts} of {job.maxAttempts}
      </Fact>
      <Fact term="Queued">{moment(job.createdAt, now)}</Fact>
      <Fact term={job.state === 'failed' || job.state === 'running' ? 'Was due' : 'Due'}>{moment(job.runAt, now)}</Fact>
      <Fact term="Last change">{moment(job.updatedAt, now)}</Fact>
      {job.lockedBy && (
        <Fact term="Worker">
          <code className="text-xs whitespace-nowrap">{job.lockedBy}</code>
          {job.lockedAt && <> since {moment(job.lockedAt, now)}</>}
        </Fact>
      )}
      <Fact term="Log lines">
        Search the logs for <code className="text-xs">jobId {job.id}</code>
        {job.requestId && (
          <>
            {' '}
            or for <code className="text-xs whitespace-nowrap">reqId {job.requestId}</code> (with the lines of the request that queued it)
          </>
        )}
        .
      </Fact>
      <Fact term="Audit log">
        <Link to={paths.adminAuditOf('job', job.id)} className="text-brand-700 underline">
          Retries and dismissals of job #{job.id}
        </Link>
      </Fact>
    </dl>
  );
}
