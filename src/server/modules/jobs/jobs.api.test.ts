import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsResponse } from '~/shared/schemas/jobs';
import { DEMO_ACCOUNTS } from '../../ops/seed/demo-accounts';
import { signInAdmin, signInDemo, signUpCustomer } from '../../test/accounts-kit';
import { seedDemoCatalogueForTests } from '../../test/catalogue-fixture';
import { until } from '../../test/job-worker-kit';
import { cookieFrom, createTestApp, json, type TestApp } from '../../test/test-app';
import { createTaskList } from '../../task-list';
import type { JobName } from './job-queue';
import { startJobWorker, type JobHandlers, type JobLog, type JobWorker, type RecurringJob } from './job-worker';

const STUCK_WORKER = path.join(import.meta.dirname, '../../test/stuck-worker-process.ts');
let t: TestApp;
let adminCookie: string;
const pools: pg.Pool[] = [];
const workers: JobWorker[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_FORM_LIMIT_PER_HOUR: 1000 });
  adminCookie = (await signInAdmin(t)).cookie;
}, 60_000);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(pools.splice(0).map((p) => p.end()));
  await t.services.database.pool.query('delete from graphile_worker._private_jobs');
});
afterAll(() => t.close());

function newPool() {
  const pool = new pg.Pool({ connectionString: t.config.DATABASE_URL, max: 6 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  pools.push(pool);
  return pool;
}

/** The worker's log lines, kept for the test to read. */
function capturingLog(lines: { level: string; fields: Record<string, unknown>; message: string }[] = [], bindings = {}): JobLog {
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields: { ...bindings, ...fields }, message });
    };
  return {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    child: (more) => capturingLog(lines, { ...bindings, ...more }),
  };
}

async function worker(handlers: JobHandlers, options: { recurring?: RecurringJob[]; log?: JobLog; pool?: pg.Pool } = {}) {
  const started = await startJobWorker({
    pool: options.pool ?? newPool(),
    handlers,
    recurring: options.recurring ?? [],
    log: options.log ?? capturingLog(),
    concurrency: 2,
    pollIntervalMs: 200,
    livenessIntervalMs: 300,
    livenessGraceSeconds: 0,
  });
  workers.push(started);
  return started;
}

const addJob = (name: JobName, payload: object, options: { maxAttempts?: number } = {}) =>
  t.services.database.db.transaction((tx) => t.services.jobQueue.add(tx, name, payload as never, options));

const jobsList = async (query = '') => {
  const res = await json(t.app, 'GET', `/api/admin/jobs${query}`, undefined, adminCookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminJobsResponse;
};

describe('the job worker', () => {
  it('runs each job once with two workers taking from one queue', async () => {
    const runs: string[] = [];
    const handlers: JobHandlers = {
      'mail.send': async ({ messageId }) => {
        runs.push(messageId);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    await worker(handlers);
    await worker(handlers);
    const ids = Array.from({ length: 60 }, (_, i) => `mail_${i}`);
    await Promise.all(ids.map((messageId) => addJob('mail.send', { messageId })));
    await until(() => runs.length >= ids.length);
    // A little longer: a job run twice would show now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs.toSorted()).toEqual(ids.toSorted());
  });

  it('retries a failing job with backoff, and it succeeds on its second try', async () => {
    const tries: number[] = [];
    await worker({
      'mail.send': async (_payload, job) => {
        tries.push(Date.now());
        if (job.attempt === 1) throw new Error('421 SMTP server busy');
      },
    });
    await addJob('mail.send', { messageId: 'mail_retry' });
    await until(() => tries.length === 2, 20_000);
    // graphile-worker waits e^1 ≈ 2.7 s after a first failure.
    expect(tries[1]! - tries[0]!).toBeGreaterThan(2_000);
    expect((await jobsList('?state=failed')).total).toBe(0);
  });

  it('carries the id of the request that queued a job into the worker’s log lines', async () => {
    await seedDemoCatalogueForTests(t.services);
    const { email, password } = DEMO_ACCOUNTS.khargharVendor;
    const login = await json(t.app, 'POST', '/api/auth/login', { email, password, portal: 'vendor' });
    expect(login.statusCode, login.body).toBe(200);
    const vendor = cookieFrom(login);
    const { items } = (await json(t.app, 'GET', '/api/vendor/products?pageSize=1', undefined, vendor)).json() as {
      items: { id: string }[];
    };
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/products/${items[0]!.id}/images?alt=Front`,
      payload: photo,
      headers: { cookie: vendor, 'content-type': 'image/jpeg', 'x-request-id': 'upload-7f3a9c21' },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const imageId = upload.json().picture.id as string;
    // The admin's list names the picture and its product (which the jobs page links to).
    const waiting = (await jobsList('?state=waiting&task=media.renditions')).items;
    expect(waiting.map((j) => j.payload)).toEqual([{ imageId, productId: items[0]!.id }]);

    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const { handlers } = createTaskList(t.services);
    await worker({ 'media.renditions': handlers['media.renditions'] }, { log: capturingLog(lines) });
    const done = await until(() => lines.find((l) => l.message === 'job done' && l.fields.job === 'media.renditions'), 60_000);
    expect(done.fields).toMatchObject({ reqId: 'upload-7f3a9c21', result: { made: 13, kept: 0 } });
    // The copies are kept: the first visitor's picture is read, not encoded.
    expect(await t.services.mediaService.storage.get(`cache/${imageId}/1280.avif`)).not.toBeNull();
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/vendor/products/${items[0]!.id}/images/${imageId}/320.webp`,
      headers: { cookie: vendor },
    });
    expect(shown.statusCode).toBe(200);
  }, 90_000);

  it('runs a recurring job on schedule once across two workers', async () => {
    const runs: number[] = [];
    const handlers: JobHandlers = { 'orders.expire-unpaid': async () => void runs.push(Date.now()) };
    const recurring = [{ name: 'orders.expire-unpaid' as const, everyMs: 400 }];
    await worker(handlers, { recurring });
    await worker(handlers, { recurring });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(9);
    const gaps = runs.slice(1).map((at, i) => at - runs[i]!);
    // Two runs of one tick would be milliseconds apart.
    expect(Math.min(...gaps)).toBeGreaterThan(250);
  });

  it('hands the job of a worker killed mid-job (SIGKILL) to another, which runs it once', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', STUCK_WORKER, t.config.DATABASE_URL!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(() => output.includes('ready'), 30_000);
      await addJob('catalogue.import-csv', { importId: 'imp_killed' });
      await until(() => output.includes('started imp_killed'));
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));

    const runs: string[] = [];
    await worker({ 'catalogue.import-csv': async ({ importId }) => void runs.push(importId) });
    await until(() => runs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(runs).toEqual(['imp_killed']);
  }, 60_000);
});

describe('failed jobs for admins', () => {
  it('lists a job that failed for good with its error, and Retry runs it again', async () => {
    let failing = true;
    const runs: string[] = [];
    await worker({
      'mail.send': async ({ messageId }) => {
        runs.push(messageId);
        if (failing) throw new Error('550 mailbox unavailable\n    at SMTPConnection (stack line)');
      },
    });
    await addJob('mail.send', { messageId: 'mail_bounce' }, { maxAttempts: 1 });
    const failed = await until(async () => (await jobsList()).items[0]);
    expect(failed).toMatchObject({
      task: 'mail.send',
      state: 'failed',
      attempts: 1,
      maxAttempts: 1,
      lastError: expect.stringContaining('550 mailbox unavailable'),
      payload: { messageId: 'mail_bounce' },
    });
    expect(failed.lastError).not.toContain('stack line');
    expect((await jobsList()).counts.failed).toBe(1);

    failing = false;
    const retried = await json(t.app, 'POST', `/api/admin/jobs/${failed.id}/retry`, undefined, adminCookie);
    expect(retried.statusCode, retried.body).toBe(200);
    await until(() => runs.length === 2);
    await until(async () => (await jobsList('?state=waiting')).total === 0 && (await jobsList()).total === 0);

    const audit = await json(t.app, 'GET', '/api/admin/audit?action=job.retry', undefined, adminCookie);
    expect(audit.json().items[0]).toMatchObject({ entityType: 'job', entityId: failed.id });
    expect(audit.json().items[0].summary).toContain('Send an e-mail');
  });

  it('dismisses a failed job, refuses to dismiss one that will still run, and says 404 for one that is gone', async () => {
    await addJob('mail.send', { messageId: 'mail_dismiss' }, { maxAttempts: 1 });
    await t.services.database.pool.query(`update graphile_worker._private_jobs set attempts = max_attempts, last_error = 'gave up'`);
    const [failed] = (await jobsList()).items;
    expect((await json(t.app, 'DELETE', `/api/admin/jobs/${failed!.id}`, undefined, adminCookie)).statusCode).toBe(204);
    expect((await jobsList()).total).toBe(0);
    expect((await json(t.app, 'DELETE', `/api/admin/jobs/${failed!.id}`, undefined, adminCookie)).statusCode).toBe(404);
    expect((await json(t.app, 'POST', `/api/admin/jobs/${failed!.id}/retry`, undefined, adminCookie)).statusCode).toBe(404);

    await addJob('mail.send', { messageId: 'mail_waiting' });
    const [waiting] = (await jobsList('?state=waiting')).items;
    const refused = await json(t.app, 'DELETE', `/api/admin/jobs/${waiting!.id}`, undefined, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Only a failed job');
  });

  it('answers 400 for a bad state or id, and only to admins: a vendor or customer gets 403, a visitor 401', async () => {
    expect((await json(t.app, 'GET', '/api/admin/jobs?state=lost', undefined, adminCookie)).json().error.fields).toHaveProperty('state');
    expect((await json(t.app, 'POST', '/api/admin/jobs/abc/retry', undefined, adminCookie)).statusCode).toBe(400);
    const customer = await signUpCustomer(t);
    const vendor = await signInDemo(t, DEMO_ACCOUNTS.khargharVendor);
    for (const [method, url] of [
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs/1/retry'],
      ['DELETE', '/api/admin/jobs/1'],
    ] as const) {
      expect((await json(t.app, method, url)).statusCode, url).toBe(401);
      expect((await json(t.app, method, url, undefined, customer.cookie)).statusCode, url).toBe(403);
      expect((await json(t.app, method, url, undefined, vendor)).statusCode, url).toBe(403);
    }
  });
});
