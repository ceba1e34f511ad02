// Where the CPU of a benchmark run goes, by role (API processes, worker, nginx, PgBouncer, PostgreSQL, Redis, the
// load generator), from /proc: the figures the capacity plan in docs/deploy.md divides by. Linux only.
import { readdirSync, readFileSync } from 'node:fs';

export type Role = 'api' | 'worker' | 'nginx' | 'pgbouncer' | 'postgres' | 'redis' | 'load';
const CLOCK_TICKS_PER_SECOND = 100;

interface Proc {
  ppid: number;
  comm: string;
  ticks: number;
}

function processes(): Map<number, Proc> {
  const all = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid … utime(14) stime(15): comm may hold spaces, so split after its ')'.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      all.set(Number(entry), {
        comm: stat.slice(stat.indexOf('(') + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while we read.
    }
  }
  return all;
}

/** CPU milliseconds each role has used since the last call's snapshot. */
export function cpuMeter(rolesOfPids: () => Map<number, Role>) {
  const roleOf = (pid: number, all: Map<number, Proc>, known: Map<number, Role>): Role | undefined => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 8; p = all.get(p)?.ppid, hops++) {
      if (known.has(p)) return known.get(p);
      const comm = all.get(p)?.comm;
      if (comm === 'nginx') return 'nginx';
      if (comm === 'pgbouncer') return 'pgbouncer';
      if (comm === 'postgres') return 'postgres';
      if (comm === 'redis-server') return 'redis';
    }
    return pid === process.pid ? 'load' : undefined;
  };
  const snapshot = () => {
    const all = processes();
    const known = rolesOfPids();
    known.set(process.pid, 'load');
    const byPid = new Map<number, { role: Role; ticks: number }>();
    for (const [pid, proc] of all) {
      const role = roleOf(pid, all, known);
      if (role) byPid.set(pid, { role, ticks: proc.ticks });
    }
    return byPid;
  };
  let before = snapshot();
  return {
    /** CPU ms per role since the previous `take()` (or since the meter was made). */
    take(): Record<Role, number> {
      const now = snapshot();
      const used: Record<Role, number> = { api: 0, worker: 0, nginx: 0, pgbouncer: 0, postgres: 0, redis: 0, load: 0 };
      for (const [pid, { role, ticks }] of now) used[role] += ticks - (before.get(pid)?.ticks ?? 0);
      before = now;
      for (const role of Object.keys(used) as Role[]) used[role] = Math.round((used[role] * 1000) / CLOCK_TICKS_PER_SECOND);
      return used;
    },
  };
}

/** "api 1.92, postgres 2.10, nginx 0.31 …" ms of CPU per request (or order). */
export function perUnit(used: Record<Role, number>, units: number): Record<Role, number> {
  const out = {} as Record<Role, number>;
  for (const [role, ms] of Object.entries(used) as [Role, number][]) out[role] = Math.round((ms / Math.max(units, 1)) * 100) / 100;
  return out;
}

export const describeCpu = (per: Record<Role, number>) =>
  (Object.entries(per) as [Role, number][])
    .filter(([, ms]) => ms > 0)
    .map(([role, ms]) => `${role} ${ms.toFixed(2)}`)
    .join(', ');
