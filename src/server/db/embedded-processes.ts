import { readdirSync, readFileSync } from 'node:fs';

/**
 * The process ids of a PostgreSQL server: the postmaster and its children. Each backend sits in
 * a session of its own (PostgreSQL calls setsid), so signalling the postmaster's group is not enough.
 */
export function serverProcesses(postmasterPid: number): number[] {
  const children: number[] = [];
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // "pid (comm) state ppid ...": the command may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmasterPid) children.push(Number(entry));
      } catch {
        // The process ended meanwhile.
      }
    }
  } catch {
    // No /proc (macOS): the postmaster alone.
  }
  return [postmasterPid, ...children];
}

/**
 * Sends a signal to every process of the server (a fault test freezes it with SIGSTOP; stopping
 * sends SIGCONT first, as a frozen server would never act on the shutdown request). One that is
 * already gone is fine.
 */
export function signalServer(postmasterPid: number | undefined, signal: NodeJS.Signals): void {
  if (!postmasterPid) return;
  for (const pid of serverProcesses(postmasterPid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
