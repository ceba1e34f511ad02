import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder holding package.json. The server runs from `src/` (tsx, tests) and from the
 * bundle in `dist/server/`, so paths to migrations and the built web app start here.
 */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Could not find the project root (package.json)');
    dir = parent;
  }
  cached = dir;
  return dir;
}

/** The shop's version (package.json), written into backups and release query corpora. */
export function shopVersion(): string {
  return (JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
