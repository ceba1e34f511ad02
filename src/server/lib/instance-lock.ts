import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export class InstanceLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another shop process (pid ${pid}) is already running on the data directory ${dataDir}. ` +
        'Stop it first (Ctrl-C in its terminal), or start this one with another DATA_DIR.',
    );
    this.name = 'InstanceLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/shop.lock` for this process, so a second start on the same data fails
 * fast with a clear message instead of fighting over the database files. A lock left by
 * a process that no longer exists is taken over.
 */
export async function acquireInstanceLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid && pid !== process.pid && isAlive(pid)) throw new InstanceLockedError(path.resolve(dataDir), pid);
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

/** The process id of a live process holding `<dataDir>/shop.lock`, if any (a lock left by a dead one does not count). */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  const pid = Number((await readFile(path.join(dataDir, 'shop.lock'), 'utf8').catch(() => '')).trim());
  return pid && isAlive(pid) ? pid : undefined;
}
