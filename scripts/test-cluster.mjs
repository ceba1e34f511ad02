// `npm run test:cluster`: the cluster suite (tests/cluster) against nginx, API processes, a worker,
// the machine's PostgreSQL and Redis (CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL) and an S3-compatible server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nginx = spawnSync('bash', [path.join(root, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
if (nginx.status !== 0) process.exit(nginx.status ?? 1);
ensureBuild();
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.cluster.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
