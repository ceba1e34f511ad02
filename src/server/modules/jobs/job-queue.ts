import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currentRequest } from '../../lib/request-context';

/**
 * The background jobs of the shop (decision 33) and what each carries. Payloads hold ids, never
 * personal data: the job table is read by admins and kept while a job fails.
 */
export interface JobPayloads {
  /** Sends one queued e-mail (mail module). */
  'mail.send': { messageId: string };
  /** Makes the resized copies of a picture just uploaded (media module); its product, for the admin's link. */
  'media.renditions': { imageId: string; productId?: string };
  /** Removes the files of pictures whose rows a committed change deleted (media, decision 55): ids and storage keys only. */
  'media.discard': { files: { imageId: string; storageKey: string }[] };
  /** Writes the rows of a vendor's CSV import (catalogue module); its seller, for the admin's link. */
  'catalogue.import-csv': { importId: string; vendorId?: string };
  /** Fetches the pictures named by the rows of a done CSV import, one address after another (catalogue, decision 61). */
  'catalogue.import-pictures': { importId: string; vendorId?: string };
  /** Registers a B2B invoice or credit note with the e-invoice portal (einvoices, decision 76). */
  'einvoices.register': { registrationId: string };
  /** Recurring: cancels unpaid orders past their time (orders). */
  'orders.expire-unpaid': Record<string, never>;
  /** Recurring: removes photos uploaded for a return request a day ago and never sent with one (orders, decision 50). */
  'orders.sweep-return-photos': Record<string, never>;
  /** Recurring: e-mails waiting back-in-stock alerts (alerts). */
  'alerts.notify-restocked': Record<string, never>;
  /** Recurring: the weekly settlement of vendor payouts (payouts). */
  'payouts.settle': Record<string, never>;
  /** Recurring: erases accounts whose deletion cooling-off has ended (auth). */
  'accounts.erase-due': Record<string, never>;
  /** Recurring: queues e-mails left without a job (written before jobs existed, or by a job that was lost). */
  'mail.sweep': Record<string, never>;
  /** Recurring: seals bank accounts still kept in plain (vendors and orders, decision 52). */
  'bank-accounts.seal': Record<string, never>;
  /** Recurring: forgets jobs that failed for good more than 30 days ago. */
  'jobs.clean-up': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobOptions {
  /** How many times the job is tried before it is left failed for an admin (default 10; retries back off exponentially). */
  maxAttempts?: number;
  /** At most one waiting job has this key; adding again replaces it (see graphile-worker's job keys). */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  runAt?: Date;
  /** Jobs of one queue run one at a time, in order. */
  queueName?: string;
  priority?: number;
}

/** What the worker gets besides the payload: the id of the request that asked for the job, for its log lines. */
export interface JobEnvelope {
  _requestId?: string;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Adds jobs to the queue inside the caller's transaction (decision 33): a job exists only if the
 * change it follows commits, and a change never commits without its job. The queue lives in
 * PostgreSQL (graphile-worker's schema), so the embedded shop needs nothing more.
 */
export function createJobQueue() {
  /** The payload with the id of the request that asked for the job, if there is one. */
  function envelope<T extends JobName>(payload: JobPayloads[T]): JobPayloads[T] & JobEnvelope {
    const requestId = currentRequest()?.requestId;
    return requestId ? { ...payload, _requestId: requestId } : payload;
  }

  return {
    async add<T extends JobName>(executor: Pick<Executor, 'execute'>, name: T, payload: JobPayloads[T], options: JobOptions = {}) {
      const body = envelope(payload);
      await executor.execute(sql`select graphile_worker.add_job(
        identifier => ${name},
        payload => ${JSON.stringify(body)}::json,
        queue_name => ${options.queueName ?? null},
        run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
        max_attempts => ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
        job_key => ${options.jobKey ?? null},
        priority => ${options.priority ?? null}::int,
        job_key_mode => ${options.jobKeyMode ?? 'replace'}
      )`);
    },

    /**
     * Adds several jobs of one kind in one statement (graphile-worker's `add_jobs`): what a change
     * that writes several e-mails queues, in one round trip instead of one per job. A job key
     * replaces a waiting job with the same key, as `add`'s default mode does.
     */
    async addMany<T extends JobName>(
      executor: Pick<Executor, 'execute'>,
      name: T,
      jobs: { payload: JobPayloads[T]; options?: Omit<JobOptions, 'jobKeyMode'> }[],
    ): Promise<void> {
      if (jobs.length === 0) return;
      const specs = jobs.map(({ payload, options = {} }) => ({
        identifier: name,
        payload: envelope(payload),
        queue_name: options.queueName ?? null,
        run_at: options.runAt?.toISOString() ?? null,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        job_key: options.jobKey ?? null,
        priority: options.priority ?? null,
      }));
      await executor.execute(sql`select graphile_worker.add_jobs(
        array(select json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(specs)}::json)),
        false
      )`);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
