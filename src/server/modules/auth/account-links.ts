import type { Executor } from '../../db/client';
import { deleteLinksOf } from './account-tokens.repo';
import type { Auth } from './better-auth';

/**
 * Ends every e-mailed link and pending two-step sign-in of an account (decision 25), as a change of
 * its password or address ends its sessions: the rows in `verifications`, in the caller's
 * transaction, and the copies better-auth keeps of its own in the session cache (Redis), which it
 * reads before the database — without this a reset link would still work from Redis. Returns how
 * many links there were.
 */
export async function endLinksOf(tx: Executor, auth: Auth, userId: string): Promise<number> {
  return endLinksIn(tx, (await auth.$context).secondaryStorage, userId);
}

/** The same, given the session cache better-auth was handed (createAuth's `store`), for what runs inside better-auth's own hooks. */
export async function endLinksIn(tx: Executor, cache: { delete(key: string): unknown } | undefined, userId: string): Promise<number> {
  const identifiers = await deleteLinksOf(tx, userId);
  if (cache && identifiers.length > 0) await Promise.all(identifiers.map((identifier) => cache.delete(`verification:${identifier}`)));
  return identifiers.length;
}

/**
 * Drops ended sessions from better-auth's session cache (Redis) too, when there is one: after their
 * rows' deletion commits, so no process serves them from the cache any more.
 */
export async function forgetCachedSessions(auth: Auth, userId: string, tokens: string[]): Promise<void> {
  const cache = (await auth.$context).secondaryStorage;
  if (!cache) return;
  await Promise.all([...tokens.map((token) => cache.delete(token)), cache.delete(`active-sessions-${userId}`)]);
}
