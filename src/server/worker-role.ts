import http from 'node:http';
import pg from 'pg';
import { startJobWorker, type JobLog, type JobWorker } from './modules/jobs/job-worker';
import type { Services } from './services';
import { createTaskList } from './task-list';

/**
 * The worker's part of a process (SERVER_MODE all or worker; decision 33): the job worker on a
 * connection pool of its own (LISTEN holds one connection, each running job borrows one), and the
 * built-in test gateway's webhooks, which a real provider would send from outside.
 */
export async function startWorkerRole(services: Services, log: JobLog, options: { databaseUrl: string; webhookUrl: string }) {
  const { config } = services;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: config.WORKER_CONCURRENCY + 3,
    connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A lost connection must not end the process (decision 24): graphile-worker reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'a job worker connection was lost'));
  pool.on('connect', (connection) => connection.on('error', () => undefined));
  const { handlers, recurring } = createTaskList(services);
  const worker: JobWorker = await startJobWorker({ pool, handlers, recurring, log, concurrency: config.WORKER_CONCURRENCY });
  const stopWebhooks = services.testGateway
    ? services.testGateway.startWebhookWorker(2_000, { url: options.webhookUrl }, (error) =>
        log.warn({ err: error }, 'test gateway webhooks failed'),
      )
    : () => undefined;
  return {
    worker,
    async stop() {
      stopWebhooks();
      await worker.stop();
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * A worker without the API answers its orchestrator on WORKER_HEALTH_PORT: `/api/health/live` (the
 * process answers) and `/api/health/ready` (its database answers and it is not stopping), as the API does.
 */
export function serveWorkerHealth(services: Services, port: number, host: string, isStopping: () => boolean) {
  const { availability } = services.database;
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/api/health/live') return answer(200, { status: 'alive', uptimeSeconds: Math.round(process.uptime()) });
    if (request.url === '/api/health/ready') {
      if (isStopping()) return answer(503, { status: 'not ready', reason: 'stopping' });
      const probe = availability ? availability.probe() : services.database.pool.query('select 1').then(() => true);
      return void probe.then(
        (up) => answer(up ? 200 : 503, up ? { status: 'ready' } : { status: 'not ready', reason: 'database' }),
        () => answer(503, { status: 'not ready', reason: 'database' }),
      );
    }
    answer(404, { error: { code: 'NOT_FOUND', message: 'A worker answers /api/health/live and /api/health/ready only.' } });
  });
  server.listen(port, host);
  return server;
}
