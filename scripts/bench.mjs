// `npm run bench`: builds if needed, then runs the catalogue benchmark (scripts/bench/run.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuild();
if ((process.env.BENCH_ONLY ?? '').includes('cluster')) {
  const nginx = spawnSync('bash', [path.join(root, 'scripts/ensure-nginx.sh')], { stdio: 'inherit' });
  if (nginx.status !== 0) process.exit(nginx.status ?? 1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/run.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
