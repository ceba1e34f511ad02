// A job worker in a process of its own whose `catalogue.import-csv` jobs never finish: a test kills it
// with SIGKILL mid-job, as a machine or an OOM killer would. Prints "started <importId>" when a job begins.
import pg from 'pg';
import { startJobWorker } from '../modules/jobs/job-worker';
import { silentLog as silent } from './silent-log';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 4 });
pool.on('error', () => undefined);
pool.on('connect', (client) => client.on('error', () => undefined));
await startJobWorker({
  pool,
  handlers: {
    'catalogue.import-csv': async ({ importId }) => {
      process.stdout.write(`started ${importId}\n`);
      await new Promise(() => undefined);
    },
  },
  recurring: [],
  log: silent,
  concurrency: 1,
  pollIntervalMs: 200,
});
process.stdout.write('ready\n');
