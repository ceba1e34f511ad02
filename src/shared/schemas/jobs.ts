import { z } from 'zod';
import { pageQueryFields, paginatedSchema } from './common';

/**
 * Where a background job stands (decision 33): failed (tried as often as allowed, waiting for an
 * admin), running (a worker holds it), waiting (due, or retrying after a failure), scheduled (due later).
 */
export const JOB_STATES = ['failed', 'running', 'waiting', 'scheduled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What each job does, in an admin's words. */
export const JOB_TITLES: Record<string, string> = {
  'mail.send': 'Send an e-mail',
  'mail.sweep': 'Queue e-mails left without a job',
  'media.renditions': 'Resize a product picture',
  'media.discard': 'Delete removed photos from storage',
  'catalogue.import-csv': 'Import a CSV of products',
  'catalogue.import-pictures': 'Fetch the pictures of a CSV import',
  'einvoices.register': 'Register an e-invoice with the portal',
  'orders.expire-unpaid': 'Cancel unpaid orders past their time',
  'orders.sweep-return-photos': 'Remove return photos never sent',
  'alerts.notify-restocked': 'E-mail back-in-stock alerts',
  'payouts.settle': 'Settle vendor payouts',
  'accounts.erase-due': 'Erase deleted accounts',
  'jobs.clean-up': 'Forget old failed jobs',
  'bank-accounts.seal': 'Encrypt bank accounts kept in plain',
};

export const adminJobsQuerySchema = z.strictObject({
  ...pageQueryFields,
  state: z.enum(JOB_STATES, { error: `State is one of ${JOB_STATES.join(', ')}` }).default('failed'),
  task: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9.-]{0,59}$/, 'Task is a job name such as mail.send')
    .optional(),
});
export type AdminJobsQuery = z.output<typeof adminJobsQuerySchema>;

export const adminJobSchema = z.object({
  id: z.string(),
  task: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The last failure's message (first line of the error), when it failed. */
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The worker pool that runs it now, while running. */
  lockedBy: z.string().nullable(),
  lockedAt: z.string().nullable(),
  /** Ids it works on (an e-mail, a picture, an import); never personal data. */
  payload: z.record(z.string(), z.unknown()),
  /** The id of the request that queued it, to find its log lines. */
  requestId: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const jobCountsSchema = z.object({
  failed: z.number().int(),
  running: z.number().int(),
  waiting: z.number().int(),
  scheduled: z.number().int(),
});
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const adminJobsResponseSchema = paginatedSchema(adminJobSchema).extend({
  counts: jobCountsSchema,
  /** Task names present in the queue, for the filter. */
  tasks: z.array(z.string()),
});
export type AdminJobsResponse = z.infer<typeof adminJobsResponseSchema>;

export const jobIdParamsSchema = z.strictObject({ jobId: z.string().regex(/^\d{1,19}$/, 'A job id is a number') });
