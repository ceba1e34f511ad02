// `npm test`: everything, in order, stopping at the first failure: formatting, lint, types, unit +
// component + API tests (embedded PostgreSQL, or DATABASE_URL when set), then the build
// and the browser stories.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const steps = [
  ['Formatting', [bin('prettier', 'bin/prettier.cjs'), '--check', '.']],
  ['Lint', [bin('eslint', 'bin/eslint.js'), '.']],
  ['Types', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.']],
  ['Unit, component and API tests', [bin('vitest', 'vitest.mjs'), 'run']],
  ['Build and browser stories', [path.join(root, 'scripts/e2e.mjs')]],
];

const started = Date.now();
for (const [name, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
