import { constants, existsSync, readFileSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';

/** Who runs PostgreSQL: this process's own user, or (when the shop runs as root) the `postgres` user. */
export interface ServerUser {
  name: string;
  /** Set when PostgreSQL runs as another user than this process. */
  ids?: { uid: number; gid: number; groups: number[] };
}

/** A user or group name from /etc/passwd or /etc/group; the number when it is not there. */
function nameOf(file: '/etc/passwd' | '/etc/group', id: number): string {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.split(':')[2] === String(id));
    return line?.split(':')[0] ?? String(id);
  } catch {
    return String(id);
  }
}

function modeText(mode: number): string {
  const bits = 'rwxrwxrwx';
  return [...bits].map((c, i) => (mode & (1 << (8 - i)) ? c : '-')).join('');
}

/** Whether `user` may do `wanted` (a mask of R_OK, W_OK, X_OK) on `file`. */
async function allowed(file: string, user: ServerUser, wanted: number): Promise<boolean> {
  if (!user.ids)
    return access(file, wanted).then(
      () => true,
      () => false,
    );
  const { uid, gid, groups } = user.ids;
  if (uid === 0) return true;
  const info = await stat(file);
  const shift = info.uid === uid ? 6 : info.gid === gid || groups.includes(info.gid) ? 3 : 0;
  return ((info.mode >> shift) & wanted) === wanted;
}

export interface Blocked {
  path: string;
  /** What the user may not do there. */
  cannot: 'enter' | 'run' | 'read and write' | 'create folders in';
  /** Its permissions, as `ls -l` and `namei -l` show them. */
  permissions: string;
}

async function blocked(file: string, cannot: Blocked['cannot']): Promise<Blocked> {
  const info = await stat(file);
  const permissions = `${info.isDirectory() ? 'd' : '-'}${modeText(info.mode)}, owner ${nameOf('/etc/passwd', info.uid)}, group ${nameOf('/etc/group', info.gid)}`;
  return { path: file, cannot, permissions };
}

/**
 * The first folder on the way to `target` that `user` may not enter, or `target` itself when
 * the user may not use it as needed (`folder`: read, write and enter, or create it; `program`:
 * run it). Undefined when nothing on the way is closed to the user.
 */
export async function blockedOnTheWay(target: string, user: ServerUser, kind: 'folder' | 'program'): Promise<Blocked | undefined> {
  const resolved = path.resolve(target);
  const parts = resolved.split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const current = path.sep + parts.slice(0, i).join(path.sep);
    if (!existsSync(current)) {
      // Not made yet: whoever makes it needs to write in the folder above.
      const above = path.dirname(current);
      return (await allowed(above, user, constants.W_OK | constants.X_OK)) ? undefined : blocked(above, 'create folders in');
    }
    if (current !== resolved) {
      if (!(await allowed(current, user, constants.X_OK))) return blocked(current, 'enter');
    } else if (kind === 'program') {
      if (!(await allowed(current, user, constants.X_OK))) return blocked(current, 'run');
    } else if (!(await allowed(current, user, constants.R_OK | constants.W_OK | constants.X_OK))) {
      return blocked(current, 'read and write');
    }
  }
  return undefined;
}

/** The lines of a program's output that say what went wrong (initdb and postgres print much else). */
export function problemLines(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const problems = lines.filter((l) => /error|fatal|panic|could not|denied|not permitted|no space|EACCES|ENOENT/i.test(l));
  return [...new Set(problems.length ? problems : lines.slice(-5))].join('\n');
}

/** What to check when PostgreSQL cannot start, from what it printed. */
export function startHint(output: string, pgdata: string, user: string): string {
  if (/permission denied|EACCES|could not (access|change to|create|open) (directory|file)|Operation not permitted/i.test(output)) {
    return `The user "${user}" that runs PostgreSQL cannot use ${pgdata}. Check with: namei -l ${pgdata}; or choose another DATA_DIR.`;
  }
  if (/could not bind|address already in use|could not create any TCP\/IP sockets/i.test(output)) {
    return 'The port is in use by another program (another PostgreSQL?). Stop it, or let the shop pick a free port.';
  }
  if (/lock file .* already exists|is another postmaster/i.test(output)) return `Another PostgreSQL runs on ${pgdata}. Stop it first.`;
  if (/No space left on device/i.test(output)) return 'The disk is full.';
  if (/shared memory|could not map anonymous/i.test(output)) {
    return 'The machine refused shared memory (too little memory, or an orphaned PostgreSQL still holds it).';
  }
  return `Check that ${pgdata} is readable and writable by "${user}" and that the disk has room.`;
}

/**
 * Why the embedded PostgreSQL could not be set up or started, in words an operator can act on
 * (decision 24): which step failed, what the program said, and which folder the user that runs
 * PostgreSQL cannot reach (its program or its data), with that folder's permissions.
 */
export async function explainStartFailure(options: {
  /** Setting up the data folder (initdb) or starting the server on it (postgres). */
  step: 'initdb' | 'start';
  pgdata: string;
  program: string;
  output: string;
  user: ServerUser;
}): Promise<string> {
  const { step, pgdata, program, output, user } = options;
  const what = step === 'initdb' ? `set up its data folder ${pgdata}` : `start on its data folder ${pgdata}`;
  const head = `The embedded PostgreSQL could not ${what}.\n${path.basename(program)} said: ${problemLines(output) || '(nothing)'}`;
  const binary = await blockedOnTheWay(program, user, 'program').catch(() => undefined);
  if (binary) {
    return (
      `${head}\nWhy: the user "${user.name}" that runs PostgreSQL cannot reach its program ${program}: it cannot ${binary.cannot} ${binary.path} (${binary.permissions}).\n` +
      'Fix: put the shop in a folder that user can enter (not under a home folder such as /root), or run the shop as an ordinary user.'
    );
  }
  const data = await blockedOnTheWay(pgdata, user, 'folder').catch(() => undefined);
  if (data) {
    const letIn = data.cannot === 'enter' ? `chmod o+x ${data.path}` : `chown -R ${user.name} ${data.path}`;
    return (
      `${head}\nWhy: the user "${user.name}" that runs PostgreSQL cannot ${data.cannot} ${data.path} (${data.permissions}).\n` +
      `Fix: choose a DATA_DIR that user can reach (for example under /srv or /var/lib), or let it in: ${letIn}`
    );
  }
  return `${head}\n${startHint(output, pgdata, user.name)}`;
}

/**
 * A data folder this process itself could not create or write (DATA_DIR under a folder of
 * another user, a read-only disk), said with the folder and the cause (decision 24).
 */
export async function explainDataFolderError(folder: string, error: unknown, user: ServerUser): Promise<Error> {
  const cause = error as NodeJS.ErrnoException;
  const found = await blockedOnTheWay(folder, user, 'folder').catch(() => undefined);
  const why = found ? `\nWhy: the user "${user.name}" cannot ${found.cannot} ${found.path} (${found.permissions}).` : '';
  return new Error(
    `The data folder ${path.resolve(folder)} cannot be used: ${cause.message ?? String(error)}.${why}\n` +
      `Fix: choose a DATA_DIR that "${user.name}" can write (DATA_DIR=/path npm start), or give that user the folder.`,
    { cause: error },
  );
}
