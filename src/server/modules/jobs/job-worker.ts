import { EventEmitter } from 'node:events';
import { Logger, run, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { runWithRequestContext } from '../../lib/request-context';
import type { JobEnvelope, JobName, JobPayloads } from './job-queue';
import { watchWorkerLiveness } from './worker-liveness';

/** The log lines of the worker (pino's shape: an object first, then the message). */
export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  debug(object: object, message: string): void;
  child(bindings: object): JobLog;
}

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  log: JobLog;
}

export type JobHandler<T extends JobName> = (payload: JobPayloads[T], context: JobContext) => Promise<unknown>;
export type JobHandlers = { [T in JobName]?: JobHandler<T> };

/** A job that runs every `everyMs`, once across all workers (its next run is queued under a fixed key). */
export interface RecurringJob {
  name: JobName;
  everyMs: number;
}

export interface JobWorker {
  /** The worker pool's id: the `locked_by` of the jobs it runs. */
  readonly poolId: string;
  /** Lets running jobs finish (at most `timeoutMs`), then stops; jobs not finished by then are retried by another worker. */
  stop(): Promise<void>;
}

const recurringKey = (name: JobName) => `recurring:${name}`;

/** graphile-worker's own lines go to our log: its errors and warnings as they are, the rest at debug. */
function graphileLogger(log: JobLog) {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

/**
 * Runs the shop's background jobs (decision 33) on graphile-worker: a job runs once across all
 * workers (rows locked with SKIP LOCKED), failures are retried with exponential backoff and then left
 * failed for an admin to retry, new jobs are picked up at once (LISTEN/NOTIFY). Each job runs with the
 * id of the request that queued it, so its log lines carry the request's `reqId`. Jobs left locked by
 * a worker that died are handed back as soon as its database session is gone (worker-liveness.ts).
 */
export async function startJobWorker(options: {
  /** A pool of its own (LISTEN holds one connection; each concurrent job borrows one). */
  pool: pg.Pool;
  handlers: JobHandlers;
  recurring: readonly RecurringJob[];
  log: JobLog;
  concurrency: number;
  /** How often future and retried jobs are looked for (new ones arrive by NOTIFY at once). */
  pollIntervalMs?: number;
  /** How often jobs of dead workers are looked for, and how long after being locked a job may be judged. */
  livenessIntervalMs?: number;
  livenessGraceSeconds?: number;
}): Promise<JobWorker> {
  const { pool, log, recurring } = options;
  const recurringByName = new Map(recurring.map((r) => [r.name, r]));
  const taskList: TaskList = {};

  for (const [name, handler] of Object.entries(options.handlers) as [JobName, JobHandler<JobName>][]) {
    const every = recurringByName.get(name)?.everyMs;
    const task: Task = async (raw, helpers) => {
      const { _requestId: requestId, ...payload } = (raw ?? {}) as JobPayloads[JobName] & JobEnvelope;
      const { job } = helpers;
      const jobLog = log.child({ ...(requestId ? { reqId: requestId } : {}), jobId: job.id, job: name });
      if (every !== undefined) {
        // The next run is queued first, under the key: it takes the key from this run, so a failure
        // below leaves this run failed for an admin and the schedule goes on.
        await helpers.addJob(name, {}, { jobKey: recurringKey(name), runAt: new Date(Date.now() + every), maxAttempts: 1 });
      }
      const started = performance.now();
      const context: JobContext = { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, log: jobLog };
      try {
        const result = await runWithRequestContext({ requestId, ip: null, userAgent: null }, () => handler(payload, context));
        const fields = { ms: Math.round(performance.now() - started), ...(result && typeof result === 'object' ? { result } : {}) };
        if (every === undefined) jobLog.info(fields, 'job done');
        else jobLog.debug(fields, 'job done');
      } catch (error) {
        const final = job.attempts >= job.max_attempts;
        jobLog[final ? 'error' : 'warn'](
          { err: error, attempt: job.attempts, maxAttempts: job.max_attempts },
          final ? 'job failed for good: an admin can retry it' : 'job failed: it will be retried',
        );
        throw error;
      }
    };
    taskList[name] = task;
  }

  const events: WorkerEvents = new EventEmitter();
  let poolId = '';
  events.on('pool:create', ({ workerPool }) => {
    poolId = workerPool.id;
  });

  const runner: Runner = await run({
    pgPool: pool,
    taskList,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs ?? 1_000,
    noHandleSignals: true,
    logger: graphileLogger(log),
    events,
    // Jobs still running 5 s after stop() are told to abort; graphile-worker then fails them for a retry.
    gracefulShutdownAbortTimeout: 5_000,
  });

  const liveness = await watchWorkerLiveness({
    pool,
    poolId,
    intervalMs: options.livenessIntervalMs ?? 10_000,
    graceSeconds: options.livenessGraceSeconds,
    onReleased: (deadPoolIds, jobs) => log.warn({ deadPoolIds, jobs }, 'jobs of a worker that stopped answering were handed back'),
    onError: (error) => log.warn({ err: error }, 'looking for jobs of stopped workers failed'),
  });

  // Every recurring job has its waiting run (kept where it is if one is already queued; revived if it failed for good).
  for (const { name } of recurring) {
    await runner.addJob(name, {}, { jobKey: recurringKey(name), jobKeyMode: 'preserve_run_at', maxAttempts: 1 });
  }
  log.info({ poolId, concurrency: options.concurrency, tasks: Object.keys(taskList).length }, 'the job worker is running');

  return {
    poolId,
    async stop() {
      await runner.stop();
      await liveness.stop();
    },
  };
}
