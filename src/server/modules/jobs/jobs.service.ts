import { JOB_TITLES, type AdminJob, type AdminJobsQuery, type AdminJobsResponse } from '~/shared/schemas/jobs';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import * as repo from './jobs.repo';

/** Failed jobs are kept this long for an admin to look into, then forgotten by the clean-up job. */
export const FAILED_JOBS_KEPT_DAYS = 30;

function toAdminJob(row: repo.JobRow): AdminJob {
  const { _requestId, ...payload } = row.payload ?? {};
  return {
    id: row.id,
    task: row.task,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    // graphile-worker keeps the whole message; the list shows its first line.
    lastError: row.last_error?.split('\n')[0]?.slice(0, 500) ?? null,
    runAt: new Date(row.run_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lockedBy: row.locked_by,
    lockedAt: row.locked_at ? new Date(row.locked_at).toISOString() : null,
    payload,
    requestId: typeof _requestId === 'string' ? _requestId : null,
  };
}

const titleOf = (task: string) => JOB_TITLES[task] ?? task;

/**
 * The admin's view of the background jobs (decision 33): what failed, runs, waits or is scheduled;
 * a failed job is tried again ("Retry") or dismissed, each step audited.
 */
export function createJobsService(deps: { db: Database; audit: AuditService }) {
  const { db, audit } = deps;

  async function heldJob(tx: Executor, id: string) {
    const job = await repo.findJob(tx, id);
    if (!job) throw new AppError('NOT_FOUND', `There is no job ${id}: it may have finished or been dismissed.`);
    if (job.state === 'running') throw new AppError('CONFLICT', 'This job is running now: wait for it to finish or fail.');
    return job;
  }

  return {
    async list(query: AdminJobsQuery): Promise<AdminJobsResponse> {
      const [{ rows, total }, counts, tasks] = await Promise.all([repo.listJobs(db, query), repo.countByState(db), repo.taskNames(db)]);
      return { items: rows.map(toAdminJob), total, page: query.page, pageSize: query.pageSize, counts, tasks };
    },

    /** Runs a failed (or scheduled) job again now, with its tries counted afresh. */
    async retry(id: string): Promise<AdminJob> {
      return db.transaction(async (tx) => {
        const job = await heldJob(tx, id);
        if (!(await repo.rescheduleNow(tx, id))) throw new AppError('CONFLICT', 'This job is running now: wait for it to finish or fail.');
        await audit.record(tx, {
          action: 'job.retry',
          entityType: 'job',
          entityId: id,
          summary: `Retried the job "${titleOf(job.task)}" (${job.task} #${id}) after ${job.attempts} ${job.attempts === 1 ? 'try' : 'tries'}`,
          before: { attempts: job.attempts, lastError: job.last_error?.split('\n')[0] ?? null },
        });
        const after = await repo.findJob(tx, id);
        return toAdminJob(after!);
      });
    },

    /** Removes a failed job for good (its work is not wanted any more). */
    async dismiss(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const job = await heldJob(tx, id);
        if (job.state !== 'failed') throw new AppError('CONFLICT', 'Only a failed job can be dismissed; this one will still run.');
        if (!(await repo.removeJob(tx, id))) throw new AppError('CONFLICT', 'This job is running now: wait for it to finish or fail.');
        await audit.record(tx, {
          action: 'job.dismiss',
          entityType: 'job',
          entityId: id,
          summary: `Dismissed the failed job "${titleOf(job.task)}" (${job.task} #${id})`,
          before: { task: job.task, payload: job.payload, attempts: job.attempts, lastError: job.last_error?.split('\n')[0] ?? null },
        });
      });
    },

    /** The recurring clean-up: failed jobs older than FAILED_JOBS_KEPT_DAYS are forgotten. */
    async cleanUp(now = new Date()): Promise<{ removed: number }> {
      const before = new Date(now.getTime() - FAILED_JOBS_KEPT_DAYS * 86_400_000);
      return { removed: await repo.removeFailedBefore(db, before) };
    },

    /** How many jobs are failed, running, waiting and scheduled (the operations dashboard, /metrics). */
    counts: () => repo.countByState(db),
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
