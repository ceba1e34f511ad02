import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, InstanceLockedError } from './instance-lock';

let dataDir: string;
let lockFile: string;
let other: ChildProcess | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
  lockFile = path.join(dataDir, 'shop.lock');
});
afterEach(async () => {
  if (other) await stop(other);
  other = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** Another live process, standing in for a second shop. */
function otherProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('instance lock', () => {
  it('writes our pid into DATA_DIR/shop.lock, creating the folder', async () => {
    const nested = path.join(dataDir, 'not', 'yet');
    const release = await acquireInstanceLock(nested);
    expect(await readFile(path.join(nested, 'shop.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('refuses a data directory held by another live process, naming the directory and the pid', async () => {
    other = otherProcess();
    await writeFile(lockFile, String(other.pid));
    const error = await acquireInstanceLock(dataDir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InstanceLockedError);
    expect((error as InstanceLockedError).pid).toBe(other.pid);
    expect((error as Error).message).toContain(path.resolve(dataDir));
    expect((error as Error).message).toContain(`pid ${other.pid}`);
    // The other process keeps its lock.
    expect(await readFile(lockFile, 'utf8')).toBe(String(other.pid));
  });

  it('takes over a lock left by a process that has ended', async () => {
    other = otherProcess();
    const deadPid = other.pid!;
    await stop(other);
    await writeFile(lockFile, String(deadPid));
    const release = await acquireInstanceLock(dataDir);
    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('takes over an empty or unreadable lock file', async () => {
    await writeFile(lockFile, 'garbage');
    const release = await acquireInstanceLock(dataDir);
    expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
    await release();
  });

  it('release removes the lock, so the next start can take it', async () => {
    const release = await acquireInstanceLock(dataDir);
    await release();
    expect(existsSync(lockFile)).toBe(false);
    const again = await acquireInstanceLock(dataDir);
    expect(existsSync(lockFile)).toBe(true);
    await again();
  });
});
