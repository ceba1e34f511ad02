import type { Database } from '../../../db/client';
import { hmacSha256Hex } from '../signatures';
import * as repo from './test-gateway.repo';
import { startIntervalWorker } from '../../../lib/interval-worker';

export interface DeliverOptions {
  /** The shop's webhook endpoint. */
  url: string;
  fetch?: typeof globalThis.fetch;
  /** Deliver the due events in random order, as a real gateway may. */
  shuffle?: boolean;
  /** At most this many events per call. */
  limit?: number;
  /** The current time (tests move it forward to reach retries). */
  now?: Date;
}

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Posts queued webhook events to the shop, signed like Razorpay's (x-razorpay-signature: HMAC-SHA256
 * of the exact body with the webhook secret; x-razorpay-event-id). At least once: a non-2xx or a
 * network error leaves the event pending with a backoff. Rows are claimed with FOR UPDATE SKIP LOCKED,
 * so several workers never send the same event at the same time.
 */
export function createWebhookDeliverer(deps: { db: Database; webhookSecret: string }) {
  const { db, webhookSecret } = deps;

  async function deliverPendingWebhooks(options: DeliverOptions): Promise<{ delivered: number; failed: number }> {
    const send = options.fetch ?? globalThis.fetch;
    const now = options.now ?? new Date();
    return db.transaction(async (tx) => {
      const due = await repo.claimDueDeliveries(tx, now, options.limit ?? 50);
      let delivered = 0;
      let failed = 0;
      for (const d of options.shuffle ? shuffled(due) : due) {
        let problem: string | null;
        try {
          const res = await send(options.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': hmacSha256Hex(webhookSecret, d.payload),
              'x-razorpay-event-id': d.id,
              'user-agent': 'Sahyadri-Test-Gateway-Webhooks/1.0',
            },
            body: d.payload,
            signal: AbortSignal.timeout(10_000),
          });
          problem = res.ok ? null : `HTTP ${res.status}`;
        } catch (error) {
          problem = (error as Error).message || 'network error';
        }
        if (problem === null) {
          await repo.markDelivered(tx, d.id, now);
          delivered += 1;
        } else {
          await repo.markAttemptFailed(tx, d.id, new Date(now.getTime() + retryDelayMs(d.attempts + 1)), problem);
          failed += 1;
        }
      }
      return { delivered, failed };
    });
  }

  /** Delivers due events every `intervalMs` until the returned function is called. */
  function startWebhookWorker(intervalMs: number, options: Omit<DeliverOptions, 'now'>, onError: (e: unknown) => void = () => undefined) {
    return startIntervalWorker(() => deliverPendingWebhooks(options), intervalMs, onError);
  }

  return { deliverPendingWebhooks, startWebhookWorker, listWebhookDeliveries: () => repo.listDeliveries(db) };
}
