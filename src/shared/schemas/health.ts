import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number().nullable() }),
  cache: z.object({ kind: z.enum(['redis', 'memory']), status: z.enum(['up', 'down']) }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
