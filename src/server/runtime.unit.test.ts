import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shop runs on the Node.js 24 that `npm ci` brings (docs/decisions/0064-node-24-through-npm.md):
// npm puts node_modules/.bin/node first on the PATH of every script, so the tests, the builds, the
// cluster's processes (spawned with process.execPath) and the shop itself run on it.
describe('the runtime', () => {
  it('is the Node.js 24 from node_modules, not the machine’s own', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
    expect(process.execPath.split(path.sep)).toEqual(expect.arrayContaining(['node_modules']));
    expect(path.basename(path.dirname(path.dirname(process.execPath)))).toMatch(/^node-linux-(x64|arm64)$/);
  });
});
