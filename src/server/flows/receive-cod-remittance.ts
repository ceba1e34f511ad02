import type { UploadRemittance, UploadRemittanceResponse } from '~/shared/schemas/cod-remittances';
import type { Database } from '../db/client';
import type { PayoutsService } from '../modules/payouts/payouts.service';
import type { RemittancesService } from '../modules/shipping/remittances.admin.service';

/**
 * The flow `receive-cod-remittance` (decision 81): a courier's remittance of cash on delivery, in one transaction
 * over the shipping module (each parcel's cash received once, the remittance and its lines, the audit entry) and the
 * payouts (the sellers' lines of those parcels released to be paid).
 */
export function createReceiveCodRemittance(deps: {
  db: Database;
  remittances: Pick<RemittancesService, 'read' | 'reconcile' | 'providerName'>;
  payouts: Pick<PayoutsService, 'releaseCodCash'>;
}) {
  const { db, remittances, payouts } = deps;
  return {
    /** An admin's upload of the courier's file: each row's outcome, the received ones' cash in. */
    async upload(adminId: string, input: UploadRemittance): Promise<UploadRemittanceResponse> {
      const rows = await remittances.read(input.csv);
      const fileName = input.fileName?.split(/[/\\]/).pop()?.slice(0, 120) || null;
      return db.transaction(async (tx) => {
        const { response, received } = await remittances.reconcile(tx, {
          provider: input.provider ?? remittances.providerName,
          rows,
          source: 'upload',
          fileName,
          adminId,
        });
        await payouts.releaseCodCash(tx, received);
        return response;
      });
    },
  };
}
