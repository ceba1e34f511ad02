import type {
  CommissionPlansQuery,
  CommissionPlansResponse,
  CommissionRates,
  SetCommissionPlan,
  UpdateCommissionRates,
  VendorCommissionPlan,
} from '~/shared/schemas/payouts';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import * as repo from './payouts.repo';

/** The commission the admin sets: the categories' rates and a vendor's own plan, each change audited. */
export function createCommissionPlans(deps: { db: Database; audit: Pick<AuditService, 'record'> }) {
  const { db, audit } = deps;

  const plans = {
    async commissionRates(): Promise<CommissionRates> {
      const rows = await repo.listRates(db);
      return { rates: rows.map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })) };
    },

    /** Sets categories' commission rates; lines delivered from now on are charged them (recorded lines keep theirs). */
    async updateCommissionRates(input: UpdateCommissionRates, adminId: string): Promise<CommissionRates> {
      const before = await plans.commissionRates();
      await db.transaction(async (tx) => {
        await repo.upsertRates(tx, input.rates, adminId, new Date());
        await audit.record(tx, {
          action: 'commission.update',
          entityType: 'commission_rates',
          entityId: input.rates.map((r) => r.category).join(','),
          summary: `Set commission rates: ${input.rates.map((r) => `${r.category} ${(r.rateBp / 100).toFixed(2)}%`).join(', ')}`,
          before: Object.fromEntries(
            before.rates.filter((r) => input.rates.some((i) => i.category === r.category)).map((r) => [r.category, r.rateBp]),
          ),
          after: Object.fromEntries(input.rates.map((r) => [r.category, r.rateBp])),
        });
      });
      return plans.commissionRates();
    },

    /**
     * The vendors with a commission plan of their own, by name; or the one vendor asked for, with its
     * plan (no rates when it has none; nothing when there is no such seller).
     */
    async commissionPlans(query: CommissionPlansQuery): Promise<CommissionPlansResponse> {
      const found = await repo.listPlans(db, {
        vendorId: query.vendorId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      let { items, total } = found;
      if (query.vendorId && total === 0) {
        const vendorName = await repo.sellerName(db, query.vendorId);
        if (vendorName !== undefined) ({ items, total } = { items: [{ vendorId: query.vendorId, vendorName, rates: [] }], total: 1 });
      }
      return {
        items: items.map((p): VendorCommissionPlan => ({
          vendorId: p.vendorId,
          vendorName: p.vendorName,
          rates: p.rates.map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * Sets a vendor's whole commission plan (an empty one ends it), for its lines delivered from now
     * on; audited with the plan before and after. Changes of one vendor's plan are serialised.
     */
    async setCommissionPlan(vendorId: string, input: SetCommissionPlan, adminId: string): Promise<VendorCommissionPlan> {
      const vendorName = await repo.sellerName(db, vendorId);
      if (vendorName === undefined) throw new AppError('NOT_FOUND', 'This seller was not found.');
      await db.transaction(async (tx) => {
        await repo.lockPlan(tx, vendorId);
        const before = Object.fromEntries(await repo.vendorRatesByCategory(tx, vendorId));
        await repo.replacePlan(tx, vendorId, input.rates, adminId, new Date());
        const describe = input.rates.map((r) => `${r.category} ${(r.rateBp / 100).toFixed(2)}%`).join(', ');
        await audit.record(tx, {
          action: 'commission.plan',
          entityType: 'vendor',
          entityId: vendorId,
          vendorId,
          summary:
            input.rates.length > 0
              ? `Set the commission plan of ${vendorName}: ${describe}`
              : `Ended the commission plan of ${vendorName} (category rates apply)`,
          before,
          after: Object.fromEntries(input.rates.map((r) => [r.category, r.rateBp])),
        });
      });
      const { items } = await repo.listPlans(db, { vendorId, limit: 1, offset: 0 });
      const plan = items[0];
      return {
        vendorId,
        vendorName,
        rates: (plan?.rates ?? []).map((r) => ({ category: r.category, rateBp: r.rateBp, updatedAt: r.updatedAt.toISOString() })),
      };
    },
  };
  return plans;
}
