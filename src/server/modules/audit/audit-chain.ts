import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The first entry's predecessor. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but the id and the hash itself. */
export interface ChainedFields {
  at: Date;
  actorUserId: string | null;
  actorRole: string;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  entityType: string;
  entityId: string;
  vendorId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  prevHash: string;
}

/**
 * SHA-256 of the entry's fields in the JSON Canonicalization Scheme (RFC 8785), which gives the
 * same text for the same values whatever the key order PostgreSQL's jsonb hands back.
 */
export function entryHash(fields: ChainedFields): string {
  const text = canonicalize({ ...fields, at: fields.at.toISOString(), before: fields.before ?? null, after: fields.after ?? null });
  return createHash('sha256').update(text!).digest('hex');
}

/** A value as jsonb keeps it (dates as ISO text, no undefined), so its hash survives the round trip. */
export const asStored = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));
