import { z } from 'zod';
import { pageQueryFields, paginatedSchema } from './common';

export const AUDIT_ACTOR_ROLES = ['admin', 'vendor', 'customer', 'system'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];
export const AUDIT_ROLE_LABELS: Record<AuditActorRole, string> = {
  admin: 'Admins',
  vendor: 'Vendors',
  customer: 'Customers',
  system: 'The system',
};

/** GET /api/admin/audit: newest first, searchable, filtered by who, what, which seller and when. */
export const auditQuerySchema = z.strictObject({
  ...pageQueryFields,
  /** Words of the summary, an entity id or the actor's e-mail. */
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_-]+(\.[a-z_-]+)?$/, 'An action looks like vendor.approve, or vendor for all of its actions')
    .optional(),
  role: z.enum(AUDIT_ACTOR_ROLES, { error: `Role must be one of ${AUDIT_ACTOR_ROLES.join(', ')}` }).optional(),
  entityType: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(80).optional(),
  /** Entries about one seller: its products, orders, payouts and decisions on it. */
  vendorId: z.string().trim().min(1).max(64).optional(),
  from: z.iso.date({ error: 'From must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'To must be a date (YYYY-MM-DD)' }).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ userId: z.string().nullable(), role: z.string(), email: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  vendorId: z.string().nullable(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = paginatedSchema(auditEntrySchema);
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** GET /api/admin/audit/verify: the hash chain walked now, as `npm run audit:verify` does. */
export const auditVerifyResponseSchema = z.object({
  checked: z.number().int(),
  firstBroken: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
  verifiedAt: z.string(),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;
