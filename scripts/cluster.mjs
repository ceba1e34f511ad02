// `npm run cluster`: the topology of a real deployment on this machine (docs/deploy.md): nginx, API
// processes, a worker, PostgreSQL, Redis and an S3-compatible server. nginx is installed when missing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const nginx = spawnSync('bash', [path.join(root, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
if (nginx.status !== 0) process.exit(nginx.status ?? 1);
ensureBuild();
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/cluster/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
