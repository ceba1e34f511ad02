import { ConfigError, loadConfig, type Config } from './config/env';
import { isDatabaseUnavailable } from './db/availability';
import { openDatabase, type OpenDatabase } from './db/open-database';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts';
import { seedDemoDataOnce } from './db/seed/seed';
import { buildApp } from './http/app';
import { drain } from './http/drain';
import { loadAuthSecret } from './lib/auth-secret';
import { InstanceLockedError } from './lib/instance-lock';
import { startMailWorker } from './modules/mail/mail.service';
import { startIntervalWorker } from './lib/interval-worker';
import { createServices } from './services';

const say = (line: string) => process.stdout.write(`${line}\n`);
/** SIGTERM lets requests in flight finish for at most this long (a rolling restart waits for it). */
const DRAIN_TIMEOUT_MS = 10_000;

function banner(config: Config, seededNow: boolean) {
  const url = config.PUBLIC_URL;
  say('');
  say(`  Sahyadri Computers is running at ${url}`);
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
    if (!survivable(reason)) throw reason;
    process.stderr.write(`${new Date().toISOString()} ignored while the database or Redis is away: ${String(reason)}\n`);
  });
  process.on('uncaughtException', (error) => {
    if (!survivable(error)) {
      process.stderr.write(`The shop stopped on an unexpected error: ${error.stack ?? String(error)}\n`);
      process.exit(1);
    }
    process.stderr.write(`${new Date().toISOString()} ignored while the database or Redis is away: ${String(error)}\n`);
  });
}

async function main() {
  surviveOutages();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting and its default.\n`);
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
    });
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(75);
    }
    process.stderr.write(`Could not open the database: ${(error as Error).message}\n`);
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
  const seededNow = config.seedDemoData ? await seedDemoDataOnce(services) : false;
  const app = await buildApp({ services });
  // With SMTP configured, queued e-mails go out every 5 seconds; without it they are kept, nothing to send.
  const stopMailWorker = services.mailService.mailboxEnabled
    ? () => undefined
    : startMailWorker(services.mailService, 5_000, (error) => app.log.error({ err: error }, 'e-mail delivery failed'));

  // Unpaid orders past their time are cancelled and give their stock back (every 30 seconds).
  const stopExpiry = startIntervalWorker(
    () => services.ordersService.expireUnpaid(),
    30_000,
    (error) => app.log.error({ err: error }, 'expiring unpaid orders failed'),
  );
  // Back-in-stock alerts (decision 28): waiting alerts of products on sale with stock again get their one
  // e-mail (every STOCK_ALERT_INTERVAL_SECONDS; claims are exclusive, so several processes may run it).
  const stopStockAlerts = startIntervalWorker(
    () => services.restockNotifier.notifyRestocked(),
    config.STOCK_ALERT_INTERVAL_SECONDS * 1000,
    (error) => app.log.error({ err: error }, 'e-mailing back-in-stock alerts failed'),
  );
  // The weekly settlement (decision 15): the first run after Monday 00:00 in India pays the lines whose
  // return window closed by then in one payout per vendor (hourly; settling again makes nothing twice).
  const stopSettlement = startIntervalWorker(
    () => services.payoutsService.settle(),
    3_600_000,
    (error) => app.log.error({ err: error }, 'settling vendor payouts failed'),
  );
  // Accounts whose 7-day cooling-off after "Delete my account" has ended are erased (decision 26, hourly).
  const stopAccountDeletion = startIntervalWorker(
    () => services.accountDeletionJob.runDue(),
    3_600_000,
    (error) => app.log.error({ err: error }, 'erasing deleted accounts failed'),
  );
  // The built-in test gateway posts its signed webhooks to this shop, as Razorpay would (every 2 seconds).
  let stopWebhooks = () => undefined as void;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      say('Stopping now.');
      process.exit(130);
    }
    stopping = true;
    say(`\n${signal} received: stopping the shop...`);
    stopMailWorker();
    stopExpiry();
    stopStockAlerts();
    stopSettlement();
    stopAccountDeletion();
    stopWebhooks();
    // Requests in flight finish (at most 10 s; a load balancer has stopped sending new ones on readiness's 503).
    const { drained, ms } = await drain(app, DRAIN_TIMEOUT_MS).catch(() => ({ drained: false, ms: DRAIN_TIMEOUT_MS }));
    say(drained ? `Requests in flight finished (${ms} ms).` : `Requests still open after ${ms} ms were cut off.`);
    await services.close().catch(() => undefined);
    await database.shutdown();
    say('Stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `Port ${config.PORT} is already in use. Stop what uses it, or start with another PORT (e.g. PORT=3001 npm start).\n`
        : `Could not listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}\n`,
    );
    await services.close();
    await database.shutdown();
    process.exit(1);
  }
  if (services.testGateway) {
    const local = `http://127.0.0.1:${config.PORT}/api/payments/webhook`;
    stopWebhooks = services.testGateway.startWebhookWorker(2_000, { url: local }, (error) =>
      app.log.warn({ err: error }, 'test gateway webhooks failed'),
    );
  }
  banner(config, seededNow);
}

main().catch((error) => {
  process.stderr.write(`The shop could not start: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
