import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  cache: z.object({ kind: z.enum(['redis', 'memory']), status: z.enum(['up', 'down']) }),
  /** The read replica of DATABASE_REPLICA_URL, when one is configured (decision 34); its state never fails readiness. */
  replica: z
    .object({
      status: z.enum(['up', 'behind', 'down', 'not a standby']),
      lagMs: z.number().nullable(),
      lagBytes: z.number().nullable(),
      reads: z.object({ replica: z.number(), primary: z.number() }),
    })
    .optional(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** Liveness: the process answers (a supervisor restarts it when it does not). */
export const livenessSchema = z.object({ status: z.literal('alive'), uptimeSeconds: z.number() });

/** Readiness: it may be sent requests (its database answers and it is not stopping). */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  reason: z.enum(['database', 'stopping']).nullable(),
});
