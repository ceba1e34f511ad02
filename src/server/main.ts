import type { Server } from 'node:http';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config/env';
import { isDatabaseUnavailable } from './db/availability';
import { pendingMigrations } from './db/migrate';
import { openDatabase, type OpenDatabase } from './db/open-database';
import { DEMO_ACCOUNTS } from './ops/seed/demo-accounts';
import { seedDemoDataOnce } from './ops/seed/seed';
import { buildApp } from './http/app';
import { drain } from './http/drain';
import { loadAuthSecret } from './lib/auth-secret';
import { InstanceLockedError } from './lib/instance-lock';
import { complain, isBrokenOutput, say } from './lib/process-output';
import type { JobLog } from './modules/jobs/job-worker';
import { createServices } from './services';
import { serveWorkerHealth, startWorkerRole } from './worker-role';

/** SIGTERM lets requests in flight finish for at most this long (a rolling restart waits for it). */
const DRAIN_TIMEOUT_MS = 10_000;
/**
 * However a stop goes (a job that ignores its abort, a connection that never comes back to the
 * pool), the process ends this long after the signal: the requests' 10 s, the jobs' 5 s, and the
 * database's own stop. The embedded PostgreSQL is told to shut down as the process exits.
 */
const STOP_DEADLINE_MS = 20_000;

function banner(config: Config, seededNow: boolean, mode: Config['SERVER_MODE']) {
  const url = config.PUBLIC_URL;
  say('');
  say(`  Sahyadri Computers is running at ${url}${mode === 'api' ? ' (the API only: jobs run in a worker, SERVER_MODE=worker)' : ''}`);
  say(`  API docs: ${url}/api/docs    Health: ${url}/api/health`);
  say(`  Database: ${config.embeddedDatabase ? `embedded PostgreSQL, data in ${config.DATA_DIR}` : 'DATABASE_URL'}`);
  if (config.seedDemoData) {
    const { admin, approvedVendor, shopVendor, khargharVendor, pendingVendor, customer } = DEMO_ACCOUNTS;
    say('');
    say(`  Demo accounts${seededNow ? ' (just created)' : ''}:`);
    const rows = [
      ['Admin', admin.email, admin.password, '/admin/login'],
      ['Vendor (approved)', approvedVendor.email, approvedVendor.password, '/vendor/login'],
      ['Vendor (the shop)', shopVendor.email, shopVendor.password, '/vendor/login'],
      ['Vendor (approved)', khargharVendor.email, khargharVendor.password, '/vendor/login'],
      ['Vendor (pending)', pendingVendor.email, pendingVendor.password, '/vendor/login'],
      ['Customer', customer.email, customer.password, '/login'],
    ];
    for (const [role, email, password, page] of rows) say(`    ${role!.padEnd(18)} ${email!.padEnd(30)} ${password!.padEnd(22)} ${page}`);
    say(`    The admin signs in with a code too: authenticator key ${admin.authenticatorKey}`);
    say('    (add it to an authenticator app, or print the current code with `npm run demo:code`).');
  }
  say('');
  say('  Press Ctrl-C to stop.');
  say('');
}

/**
 * The database or Redis going away must never end the process (decision 24): their clients'
 * errors are handled where they are made, and anything that still slips through is logged here.
 */
function surviveOutages() {
  // ioredis's own words for a connection that is gone or does not answer.
  const redisAway = /Connection is closed|Stream isn't writeable|Command timed out|MaxRetriesPerRequest/;
  const survivable = (error: unknown) => isDatabaseUnavailable(error) || redisAway.test(String(error));
  process.on('unhandledRejection', (reason) => {
    if (isBrokenOutput(reason)) return;
    if (!survivable(reason)) throw reason;
    complain(`${new Date().toISOString()} ignored while the database or Redis is away: ${String(reason)}\n`);
  });
  process.on('uncaughtException', (error) => {
    // The terminal or log pipe went away: nothing to tell, nothing broken (lib/process-output.ts).
    if (isBrokenOutput(error)) return;
    if (!survivable(error)) {
      complain(`The shop stopped on an unexpected error: ${error.stack ?? String(error)}\n`);
      process.exit(1);
    }
    complain(`${new Date().toISOString()} ignored while the database or Redis is away: ${String(error)}\n`);
  });
}

async function main() {
  surviveOutages();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      complain(`${error.message}\nSee .env.example for every setting and its default.\n`);
      process.exit(78);
    }
    throw error;
  }

  let database: OpenDatabase;
  try {
    database = await openDatabase(config, {
      log: config.LOG_LEVEL === 'debug' ? say : () => undefined,
      // Outages and restarts of the database are always told (decision 24).
      watch: { log: (line) => say(`${new Date().toISOString()} ${line}`) },
      supervise: true,
      migrate: config.MIGRATE_ON_START,
    });
    if (!config.MIGRATE_ON_START) {
      const pending = await pendingMigrations(database.pool);
      if (pending.length > 0) {
        await database.shutdown();
        complain(
          `The database lacks ${pending.length} migration${pending.length === 1 ? '' : 's'} of this release (${pending.map((m) => m.tag).join(', ')}) and MIGRATE_ON_START=false: run npm run db:migrate with a direct DATABASE_URL first.\n`,
        );
        process.exit(78);
      }
    }
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      complain(`${error.message}\n`);
      process.exit(75);
    }
    complain(`Could not open the database: ${(error as Error).message}\n`);
    process.exit(1);
  }

  const { secret, generated } = await loadAuthSecret(config);
  if (generated && config.NODE_ENV === 'production' && !config.embeddedDatabase) {
    say('AUTH_SECRET is not set: generated one in DATA_DIR/auth-secret. Set AUTH_SECRET when you run several instances.');
  }
  const services = createServices({ config, database, authSecret: secret });
  // Redis going away and coming back is told like the database's (decision 24).
  services.store.onAvailabilityChange?.((available, reason) =>
    say(
      `${new Date().toISOString()} ${available ? `Redis answers again (${reason})` : `Redis is not answering (${reason}); rate limits and the session cache use this process's memory until it does`}`,
    ),
  );
  // Bank accounts still kept in plain (a database restored from a backup taken before decision 52)
  // are sealed before this process serves or runs a job: the shop reads sealed accounts only, and
  // would show such an account as none. Failing here stops the start, as a failed migration does.
  const sealed = await services.sealPlainBankAccounts();
  if (sealed.vendors + sealed.orders > 0) {
    say(`Sealed bank accounts kept in plain (decision 52): ${sealed.vendors} of sellers, ${sealed.orders} of refunds.`);
  }
  const mode = config.SERVER_MODE;
  // A process that serves the API beside others (decision 32) must share what they share.
  if (mode === 'api' && !config.REDIS_URL) {
    say(
      "SERVER_MODE=api without REDIS_URL: sign-in and form limits and the response cache are this process's own; set REDIS_URL when several API processes serve the shop.",
    );
  }
  if (mode === 'api' && config.MEDIA_STORAGE === 'local') {
    say(
      "SERVER_MODE=api with MEDIA_STORAGE=local: pictures uploaded here are kept in this machine's MEDIA_DIR; set MEDIA_STORAGE=s3 when several machines serve the shop.",
    );
  }
  // The demo data is written once, by whichever process comes first (an advisory lock and a marker).
  const seededNow = config.seedDemoData && mode !== 'worker' ? await seedDemoDataOnce(services) : false;
  const app = mode === 'worker' ? undefined : await buildApp({ services });
  const log: JobLog = app ? app.log : pino({ level: config.LOG_LEVEL });

  // Background jobs (decision 33): e-mails, picture resizing, unpaid-order expiry, back-in-stock alerts,
  // settlements and erasures run on the job queue in PostgreSQL, in this process unless it serves the API only.
  let workerRole: Awaited<ReturnType<typeof startWorkerRole>> | undefined;
  const startWorker = async () => {
    // The test gateway stands for the payment provider: its webhooks go to the shop's public address
    // (a worker without the API), or straight to this process.
    const webhookUrl = app ? `http://127.0.0.1:${config.PORT}/api/payments/webhook` : `${config.PUBLIC_URL}/api/payments/webhook`;
    workerRole = await startWorkerRole(services, log.child({ role: 'worker' }), { databaseUrl: database.url, webhookUrl });
  };

  let stopping = false;
  let healthServer: Server | undefined;
  const stop = async (signal: string) => {
    if (stopping) {
      say('Stopping now.');
      process.exit(130);
    }
    stopping = true;
    setTimeout(() => {
      complain(`The stop took longer than ${STOP_DEADLINE_MS / 1000} s: exiting now.\n`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    say(`\n${signal} received: stopping the ${mode === 'all' ? 'shop' : mode}...`);
    if (app) {
      // Requests in flight finish (at most 10 s; a load balancer has stopped sending new ones on readiness's 503).
      const { drained, ms } = await drain(app, DRAIN_TIMEOUT_MS).catch(() => ({ drained: false, ms: DRAIN_TIMEOUT_MS }));
      say(drained ? `Requests in flight finished (${ms} ms).` : `Requests still open after ${ms} ms were cut off.`);
    }
    // Running jobs finish (those still running after 5 s are handed back to the queue for another worker).
    await workerRole?.stop().catch((error: unknown) => log.error({ err: error }, 'stopping the job worker failed'));
    healthServer?.close();
    await services.close().catch(() => undefined);
    await database.shutdown();
    say('Stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app) {
    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      complain(
        code === 'EADDRINUSE'
          ? `Port ${config.PORT} is already in use. Stop what uses it, or start with another PORT (e.g. PORT=3001 npm start).\n`
          : `Could not listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}\n`,
      );
      await services.close();
      await database.shutdown();
      process.exit(1);
    }
  } else if (config.WORKER_HEALTH_PORT) {
    healthServer = serveWorkerHealth(services, config.WORKER_HEALTH_PORT, config.HOST, () => stopping);
  }
  if (mode !== 'api') await startWorker();
  if (mode === 'worker') say(`  The job worker is running (${config.WORKER_CONCURRENCY} at once). Press Ctrl-C to stop.`);
  else banner(config, seededNow, mode);
}

main().catch((error) => {
  complain(`The shop could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
