// The cluster in the foreground (npm run cluster): starts it, prints where everything is, and stops
// it on Ctrl-C (SIGTERM to every process: requests in flight and running jobs finish).
import { DEMO_ACCOUNTS } from '../../src/server/ops/seed/demo-accounts';
import { readTopology, startCluster } from './topology';

const say = (line = '') => process.stdout.write(`${line}\n`);
const topology = readTopology();
say(`Starting ${topology.apiProcesses} API processes, ${topology.workers} worker, nginx and an S3-compatible server…`);
const cluster = await startCluster(topology, { echo: process.argv.includes('--verbose') });

say('');
say(`  Sahyadri Computers (cluster) is running at ${cluster.url}`);
say(
  `  nginx :${topology.port} → ${cluster.processes
    .filter((p) => p.role === 'api')
    .map((p) => `${p.name} :${p.port}`)
    .join(', ')}`,
);
say(
  `  ${cluster.processes
    .filter((p) => p.role === 'worker')
    .map((p) => `${p.name} (health :${p.port})`)
    .join(', ')}`,
);
say(`  PostgreSQL ${topology.databaseUrl.replace(/:[^:@/]+@/, ':***@')}   Redis ${topology.redisUrl} (prefix ${topology.redisPrefix})`);
say(`  Pictures: S3-compatible server at http://${topology.host}:${topology.s3Port}, bucket ${topology.s3Bucket}`);
say(`  Logs: ${cluster.logFile('<process>')}`);
say('');
const { admin, customer, approvedVendor } = DEMO_ACCOUNTS;
say('  Demo accounts (as with npm start): ');
say(`    Admin     ${admin.email}  ${admin.password}  (authenticator key ${admin.authenticatorKey})`);
say(`    Vendor    ${approvedVendor.email}  ${approvedVendor.password}`);
say(`    Customer  ${customer.email}  ${customer.password}`);
say('');
say('  Press Ctrl-C to stop.');

let stopping = false;
const stop = async () => {
  if (stopping) process.exit(130);
  stopping = true;
  say('\nStopping the cluster (requests in flight and running jobs finish)…');
  await cluster.stop();
  say('Stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
