import type { ProductCard } from '~/shared/schemas/catalogue';
import type { Database } from '../../db/client';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { EnqueueMail, MailService } from '../mail/mail.service';
import * as claims from './alert-claims.repo';
import { stopToken } from './alert-links';
import { productUrlOf } from './alerts.service';

/** Alerts claimed per transaction; a run goes on while batches come back full, up to MAX_BATCHES. */
const BATCH = 200;
const MAX_BATCHES = 50;
/** Visitors' requests whose link was never opened are forgotten this long after it ran out. */
const FORGET_UNCONFIRMED_DAYS = 7;

export interface NotifyOutcome {
  /** E-mails written to the outbox. */
  emailed: number;
  /** Alerts marked notified (more than `emailed` when one person had two alerts for one product). */
  notified: number;
}

/**
 * The alert job (decision 28): e-mails every waiting alert whose product is on sale and in stock,
 * once. It scans the alerts rather than hooking each way stock changes (a vendor's edit, the CSV
 * import, an admin's edit, an order's cancellation or return), so no write path can miss it. Each
 * batch is claimed (UPDATE … FOR UPDATE SKIP LOCKED → notified) and its e-mails are written in the
 * same transaction: two runs at once, or a run after a second restock, never e-mail an alert twice,
 * and a failure leaves the alerts waiting with no e-mail written. A product hidden, archived or of
 * a suspended seller is not on sale, so its alerts wait on.
 */
export function createRestockNotifier(deps: {
  db: Database;
  catalogueService: Pick<CatalogueService, 'byIds'>;
  mailService: Pick<MailService, 'enqueueMany'>;
  publicUrl: string;
  secret: string;
}) {
  const { db, catalogueService, mailService, publicUrl, secret } = deps;

  async function runBatch(): Promise<NotifyOutcome & { claimed: number }> {
    return db.transaction(async (tx) => {
      const claimed = await claims.claimDue(tx, BATCH);
      if (claimed.length === 0) return { claimed: 0, emailed: 0, notified: 0 };
      const productIds = [...new Set(claimed.map((a) => a.product_id))];
      // The catalogue's cards say what the e-mail shows; a product gone off sale since the claim has none.
      const cards = new Map<string, ProductCard>((await catalogueService.byIds(productIds)).map((c) => [c.id, c]));
      await claims.rearm(
        tx,
        claimed.filter((a) => !cards.get(a.product_id)?.stock).map((a) => a.id),
      );
      // One e-mail per person and product, even when an account and a visitor's alert share the address.
      const sent = new Set<string>();
      const mails: EnqueueMail<'back_in_stock'>[] = [];
      let notified = 0;
      for (const alert of claimed) {
        const card = cards.get(alert.product_id);
        if (!card?.stock) continue;
        notified += 1;
        const key = `${alert.product_id} ${alert.address}`;
        if (sent.has(key)) continue;
        sent.add(key);
        mails.push({
          to: alert.address,
          toName: alert.name,
          template: 'back_in_stock',
          data: {
            name: alert.name,
            productName: card.name,
            pricePaise: card.pricePaise,
            productUrl: productUrlOf(publicUrl, card.id),
            stopUrl: `${publicUrl}/back-in-stock/stop?token=${stopToken(secret, alert.id)}`,
          },
        });
      }
      await mailService.enqueueMany(tx, mails);
      return { claimed: claimed.length, emailed: mails.length, notified };
    });
  }

  return {
    /** One run of the job: e-mails what is due (main.ts runs it every STOCK_ALERT_INTERVAL_SECONDS). */
    async notifyRestocked(): Promise<NotifyOutcome> {
      const outcome: NotifyOutcome = { emailed: 0, notified: 0 };
      for (let i = 0; i < MAX_BATCHES; i += 1) {
        const batch = await runBatch();
        outcome.emailed += batch.emailed;
        outcome.notified += batch.notified;
        if (batch.claimed < BATCH) break;
      }
      await claims.deleteUnconfirmed(db, FORGET_UNCONFIRMED_DAYS);
      return outcome;
    },
  };
}

export type RestockNotifier = ReturnType<typeof createRestockNotifier>;
