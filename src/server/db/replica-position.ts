/**
 * Whether a streaming replica has everything a read must see (decision 34), from two readings taken
 * in the background: the primary's WAL position (`pg_current_wal_lsn()`, with the moment it was
 * asked) and the replica's replayed position (`pg_last_wal_replay_lsn()`). When the replica has
 * replayed a position the primary reported at moment t, every transaction committed before t is
 * visible on the replica. Pure bookkeeping: no I/O, so it is tested on its own.
 */

/** A `pg_lsn` as text ('16/B374D848') in bytes from the start of the WAL. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`Not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export interface ReplicaPosition {
  /** The primary's position, read by a statement sent at `sentAt` (performance.now()). */
  primaryAt(sentAt: number, lsn: bigint): void;
  /** The replica's replayed position; null when the server is not a standby. */
  replayed(lsn: bigint | null): void;
  /** The replica cannot be asked (down): nothing is known of it until it answers again. */
  lost(): void;
  /**
   * Whether the replica has replayed everything the primary had written at `since` and at most
   * `maxLagMs` before `now`.
   */
  reaches(since: number, now: number): boolean;
  /** How far behind the replica is, as known now. */
  lag(now: number): { ms: number | null; bytes: number | null; standby: boolean | null };
}

export function createReplicaPosition(maxLagMs: number): ReplicaPosition {
  /** The primary's readings not yet reached by the replica, oldest first. */
  let pending: { at: number; lsn: bigint }[] = [];
  let newestPrimary: bigint | undefined;
  let replayedLsn: bigint | null | undefined;
  /** The latest moment whose primary position the replica is known to have replayed. */
  let caughtUpAt = Number.NEGATIVE_INFINITY;

  const settle = () => {
    if (replayedLsn === null || replayedLsn === undefined) return;
    const lsn = replayedLsn;
    let reached = -1;
    for (let i = pending.length - 1; i >= 0; i--) {
      if (pending[i]!.lsn <= lsn) {
        reached = i;
        break;
      }
    }
    if (reached < 0) return;
    caughtUpAt = Math.max(caughtUpAt, pending[reached]!.at);
    pending = pending.slice(reached + 1);
  };

  return {
    primaryAt(sentAt, lsn) {
      if (newestPrimary === undefined || lsn > newestPrimary) newestPrimary = lsn;
      pending.push({ at: sentAt, lsn });
      pending.sort((a, b) => a.at - b.at);
      // A reading older than the lag allowed can never make the replica usable again.
      pending = pending.filter((p) => p.at >= sentAt - maxLagMs);
      settle();
    },
    replayed(lsn) {
      replayedLsn = lsn;
      if (lsn === null) caughtUpAt = Number.NEGATIVE_INFINITY;
      settle();
    },
    lost() {
      replayedLsn = undefined;
      caughtUpAt = Number.NEGATIVE_INFINITY;
    },
    reaches(since, now) {
      return caughtUpAt >= since && caughtUpAt >= now - maxLagMs;
    },
    lag(now) {
      if (replayedLsn === undefined) return { ms: null, bytes: null, standby: null };
      if (replayedLsn === null) return { ms: null, bytes: null, standby: false };
      const bytes = newestPrimary === undefined ? null : Number(newestPrimary > replayedLsn ? newestPrimary - replayedLsn : 0n);
      return { ms: Number.isFinite(caughtUpAt) ? Math.round(now - caughtUpAt) : null, bytes, standby: true };
    },
  };
}
