// Builds dist/ when the sources are newer than the last build (npm start, npm run bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.build-stamp');

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function ensureBuild() {
  const inputs = ['src', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'].map((p) => path.join(root, p));
  const stale = !existsSync(stamp) || inputs.some((p) => existsSync(p) && newestMtime(p) > statSync(stamp).mtimeMs);
  if (!stale) return;
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
