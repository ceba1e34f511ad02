// `npm test`: everything, stopping at the first failure: formatting, lint and types (side by side),
// unit + component + API tests (embedded PostgreSQL, or DATABASE_URL when set), then the build and
// the browser stories. `npm run test:api` (`--api`): the API tests alone, as CI runs them again on the
// machine's PostgreSQL and Redis, with the same repeat of what failed.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const apiOnly = process.argv.includes('--api');
// `npm run test:api -- <files or Vitest options>` passes them on.
const passed = process.argv.slice(2).filter((arg) => arg !== '--api');
const checks = apiOnly
  ? []
  : [
      ['Formatting', [bin('prettier', 'bin/prettier.cjs'), '--check', '.']],
      ['Lint', [bin('eslint', 'bin/eslint.js'), '.']],
      ['Types', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.']],
    ];
const steps = apiOnly
  ? [['API tests', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'api', ...passed], vitestCauses]]
  : [
      ['Unit, component and API tests', [bin('vitest', 'vitest.mjs'), 'run'], vitestCauses],
      ['Build and browser stories', [path.join(root, 'scripts/e2e.mjs')]],
    ];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** `.ci/run` lists each stage's time at its end: this script's stages go to its STAGE_TIMES file. */
const noteTime = (name, ms, status) => {
  if (!process.env.STAGE_TIMES) return;
  const took = Math.round(ms / 1000);
  appendFileSync(process.env.STAGE_TIMES, `  · ${name}\t${took}\t${status === 0 ? 'passed' : `failed (${status})`}\n`);
};
const failed = (name, status) => {
  console.error(`\n✖ ${name} failed (exit ${status}).`);
  process.exit(typeof status === 'number' && status !== 0 ? status : 1);
};

/**
 * What made a Vitest run fail, from its output: the failed tests' lines and each unhandled error's
 * block. Vitest prints them above its summary, so a log that keeps only its last lines (CI's) would
 * show "1 error" without the error; the runner repeats them last.
 */
function vitestCauses(text) {
  const lines = stripVTControlCharacters(text).split('\n');
  const causes = lines.filter((line) => /^\s*(FAIL|×)\s/.test(line)).slice(0, 20);
  for (let i = 0; i < lines.length; i++) {
    if (!/⎯ (Unhandled (Error|Rejection)|Uncaught Exception) ⎯/.test(lines[i])) continue;
    const end = lines.findIndex((line, j) => j > i && /^⎯{8,}$/.test(line.trim()));
    const block = lines.slice(i + 1, end < 0 ? i + 30 : end);
    // The error and the top of its stack, then which file and test Vitest blames; not its advice.
    const blank = block.findIndex((line) => line.trim() === '');
    const blamed = block.filter((line) => /^(This error originated|The latest test)/.test(line));
    causes.push(
      lines[i].replaceAll('⎯', '').trim(),
      ...block.slice(0, blank < 0 ? 6 : Math.min(blank, 6)),
      ...blamed.map((line) => line.replace(/\. It (doesn't|might).*$/, '.')),
    );
    if (end > i) i = end;
  }
  return causes;
}

/**
 * Runs a command and keeps its output: held back (`show: false`, checks running together print one
 * after another), or shown as it comes as well (a step whose causes may be repeated last).
 */
function run(args, { show }) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    const keep = (stream) => (chunk) => {
      if (show) stream.write(chunk);
      output.push(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status, signal) =>
      resolve({ status: status ?? signal, output: Buffer.concat(output), took: seconds(t0), ms: Date.now() - t0 }),
    );
  });
}

const started = Date.now();
// Formatting, lint and types only read the tree, each on one core: side by side they take ~40 s less
// on 2 cores than one after another (210 s against 248 s).
if (checks.length > 0) console.log(`\n▶ ${checks.map(([name]) => name).join(', ')}`);
const checksStarted = Date.now();
const results = await Promise.all(checks.map(async ([name, args]) => ({ name, ...(await run(args, { show: false })) })));
for (const { name, status, output, took, ms } of results) {
  if (output.length > 0) process.stdout.write(output);
  console.log(status === 0 ? `✔ ${name} (${took})` : `✖ ${name} (${took})`);
  noteTime(`${name} (side by side)`, ms, status);
}
if (checks.length > 0)
  noteTime(checks.map(([name]) => name).join(', '), Date.now() - checksStarted, results.find((r) => r.status !== 0)?.status ?? 0);
const broken = results.find((r) => r.status !== 0);
if (broken) failed(broken.name, broken.status);
for (const [name, args, causes] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  if (!causes) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    noteTime(name, Date.now() - t0, result.status ?? result.signal);
    if (result.status !== 0) failed(name, result.status ?? result.signal);
  } else {
    const result = await run(args, { show: true });
    noteTime(name, Date.now() - t0, result.status);
    if (result.status !== 0) {
      const found = causes(result.output.toString());
      if (found.length > 0) console.error(`\n${name}: what failed, repeated from above\n${found.join('\n')}`);
      failed(name, result.status);
    }
  }
  console.log(`✔ ${name} (${seconds(t0)})`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
