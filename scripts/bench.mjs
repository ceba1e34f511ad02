// `npm run bench`: builds if needed, then runs the catalogue benchmark (scripts/bench/run.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuild();
const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/run.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
