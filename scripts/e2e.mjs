// `npm run test:e2e`: Chromium present, a fresh build, then the Playwright stories.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const step = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step('bash', [path.join(root, 'scripts/ensure-chromium.sh')]);
if (!process.argv.includes('--no-build')) step(process.execPath, [path.join(root, 'scripts/build.mjs')]);
step(process.execPath, [
  path.join(root, 'node_modules/@playwright/test/cli.js'),
  'test',
  ...process.argv.slice(2).filter((a) => a !== '--no-build'),
]);
