import type { AuditQuery, AuditResponse } from '~/shared/schemas/audit';
import type { Database, Executor } from '../../db/client';
import { iso } from '../../lib/dates';
import { currentRequest } from '../../lib/request-context';
import { asStored, entryHash, GENESIS_HASH } from './audit-chain';
import * as repo from './audit.repo';

/** One change to record: what was done to which thing, with the values before and after. */
export interface AuditChange {
  /** `<thing>.<verb>`, e.g. `vendor.approve`, `product.update`, `order.refund`. */
  action: string;
  entityType: string;
  entityId: string;
  /** The vendor the change concerns, when there is one. */
  vendorId?: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  /** Who did it; by default the signed-in viewer of the request being handled, else the system. */
  actor?: { userId: string | null; role: string; email?: string | null };
}

/** The outcome of `verify`: how many entries were read and the first that does not hold, if any. */
export interface ChainCheck {
  checked: number;
  firstBroken: { id: number; reason: string } | null;
}

/** Transactions whose entries are being held back by `gather`, with the entries held so far. */
const gathering = new WeakMap<Executor, AuditChange[]>();

/**
 * The audit log: every admin and vendor write is recorded by the service that makes it, inside its
 * transaction (`record(tx, …)`), so a change and its entry are written together or not at all. The
 * entries form a hash chain; `verify` walks it and names the first entry changed, or the first after
 * a removed one. Nothing here changes or deletes an entry.
 */
export function createAuditService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async record(tx: Executor, change: AuditChange): Promise<void> {
      const held = gathering.get(tx);
      if (held) {
        held.push(change);
        return;
      }
      const context = currentRequest();
      const actor = change.actor ?? context?.viewer ?? { userId: null, role: 'system', email: null };
      await repo.lockChain(tx);
      const fields = {
        at: new Date(),
        actorUserId: actor.userId,
        actorRole: actor.role,
        actorEmail: actor.email ?? (context?.viewer?.userId === actor.userId ? context.viewer.email : null) ?? null,
        ip: context?.ip ?? null,
        userAgent: context?.userAgent ?? null,
        action: change.action,
        entityType: change.entityType,
        entityId: change.entityId,
        vendorId: change.vendorId ?? null,
        summary: change.summary,
        before: asStored(change.before),
        after: asStored(change.after),
        prevHash: (await repo.lastHash(tx)) ?? GENESIS_HASH,
      };
      await repo.insertEntry(tx, { ...fields, hash: entryHash(fields) });
    },

    /**
     * Runs `work` with the entries it records in `tx` held back instead of written, and hands them
     * over: one thing an admin did that takes several steps, each recording itself (a refund issues a
     * credit note and gives the money back), is then recorded by the caller as one entry carrying
     * what the steps said. The caller must record that entry in the same transaction.
     */
    async gather<T>(tx: Executor, work: () => Promise<T>): Promise<{ result: T; held: AuditChange[] }> {
      if (gathering.has(tx)) throw new Error('Audit entries of this transaction are being gathered already');
      const held: AuditChange[] = [];
      gathering.set(tx, held);
      try {
        return { result: await work(), held };
      } finally {
        gathering.delete(tx);
      }
    },

    async list(query: AuditQuery): Promise<AuditResponse> {
      const { rows, total } = await repo.listEntries(db, query);
      return {
        total,
        page: query.page,
        pageSize: query.pageSize,
        items: rows.map((r) => ({
          id: r.id,
          at: iso(r.at)!,
          actor: { userId: r.actorUserId, role: r.actorRole, email: r.actorEmail },
          ip: r.ip,
          userAgent: r.userAgent,
          action: r.action,
          entityType: r.entityType,
          entityId: r.entityId,
          vendorId: r.vendorId,
          summary: r.summary,
          before: r.before,
          after: r.after,
          hash: r.hash,
        })),
      };
    },

    /** Walks the whole chain in order: each entry must follow the one before and hash to what it says. */
    async verify(batch = 1000): Promise<ChainCheck> {
      let previous = { id: 0, hash: GENESIS_HASH };
      let checked = 0;
      for (;;) {
        const rows = await repo.entriesAfter(db, previous.id, batch);
        for (const row of rows) {
          if (row.prevHash !== previous.hash) {
            const reason =
              previous.id === 0
                ? 'it does not follow the start of the log: entries before it were removed'
                : `it does not follow entry ${previous.id}: entries between them were removed, or entry ${previous.id} was changed`;
            return { checked, firstBroken: { id: row.id, reason } };
          }
          const { id: _id, hash, ...fields } = row;
          if (entryHash(fields) !== hash)
            return { checked, firstBroken: { id: row.id, reason: 'its contents were changed after it was written' } };
          previous = { id: row.id, hash };
          checked += 1;
        }
        if (rows.length < batch) return { checked, firstBroken: null };
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
