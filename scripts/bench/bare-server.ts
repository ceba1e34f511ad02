// The reference of the benchmark: a bare node:http server that runs, for each scenario, the very
// SQL statements the shop's service ran for it (recorded by run.ts), and answers their rows as JSON.
// BENCH_PREPARED=1: the statements the shop sends as prepared ones (decision 38) go prepared here too.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { statementName } from '../../src/server/db/prepared';

interface Statement {
  text: string;
  values: unknown[];
}

const env = process.env;
const scenarios = JSON.parse(readFileSync(env.BENCH_SCENARIOS_FILE!, 'utf8')) as Record<string, Statement[]>;
const pool = new pg.Pool({ connectionString: env.BENCH_DATABASE_URL, max: 10 });
const prepare = env.BENCH_PREPARED === '1';

const server = http.createServer((request, response) => {
  const steps = scenarios[(request.url ?? '/').slice(1)];
  if (!steps) {
    response.writeHead(404).end();
    return;
  }
  void (async () => {
    let rows: unknown[] = [];
    for (const step of steps) {
      const name = prepare ? statementName(step.text) : undefined;
      rows = (await pool.query({ text: step.text, values: step.values, ...(name ? { name } : {}) })).rows;
    }
    const body = JSON.stringify(rows);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  })().catch((error: Error) => {
    response.writeHead(500).end(error.message);
  });
});
server.listen(Number(env.BENCH_PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
// The bench stops it with SIGTERM: exiting normally lets node --cpu-prof write its profile (BENCH_PROFILE).
process.on('SIGTERM', () => process.exit(0));
