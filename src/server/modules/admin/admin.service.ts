import type { UserRole, VendorStatus } from '~/shared/constants';
import type { AdminUser } from '~/shared/schemas/auth';
import type { AdminOverview } from '~/shared/schemas/dashboard';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import * as repo from './admin.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dates of the last `days` calendar days in India, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now: Date): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return Array.from({ length: days }, (_, i) => fmt.format(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

export function createAdminService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async overview(now = new Date()): Promise<AdminOverview> {
      const days = lastDays(30, now);
      const since = new Date(now.getTime() - 30 * DAY_MS);
      const [roles, statuses, messages, signups] = await Promise.all([
        repo.countUsersByRole(db),
        repo.countVendorsByStatus(db),
        repo.countContactMessages(db, new Date(now.getTime() - 7 * DAY_MS)),
        repo.signupsByDay(db, since),
      ]);
      const byRole = Object.fromEntries(roles.map((r) => [r.role, r.value]));
      const byStatus = Object.fromEntries(statuses.map((s) => [s.status, s.value]));
      const byDay = new Map(signups.map((s) => [s.date, s.value]));
      return {
        usersByRole: { customer: byRole.customer ?? 0, vendor: byRole.vendor ?? 0, admin: byRole.admin ?? 0 },
        vendorsByStatus: {
          pending: byStatus.pending ?? 0,
          approved: byStatus.approved ?? 0,
          rejected: byStatus.rejected ?? 0,
          suspended: byStatus.suspended ?? 0,
        },
        contactMessages: { total: messages.total, last7Days: messages.recent },
        signupsByDay: days.map((date) => ({ date, count: byDay.get(date) ?? 0 })),
      };
    },

    async listUsers(filter: { page: number; pageSize: number; role?: UserRole; q?: string }) {
      const { rows, total } = await repo.listUsers(db, filter);
      const items: AdminUser[] = rows.map(({ user, vendor }) => ({
        uid: user.id,
        name: user.name,
        email: user.email,
        role: user.role as UserRole,
        createdAt: user.createdAt.toISOString(),
        vendor: vendor
          ? {
              id: vendor.id,
              businessName: vendor.businessName,
              status: vendor.status as VendorStatus,
              gstin: vendor.gstin,
              pickupCity: vendor.pickupCity,
              pickupState: vendor.pickupState,
            }
          : null,
      }));
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    /** Approves or rejects a vendor that is waiting; a decided vendor cannot be decided again here. */
    async decideVendor(vendorId: string, decision: 'approve' | 'reject', adminId: string) {
      const vendor = await repo.findVendorById(db, vendorId);
      if (!vendor) throw new AppError('NOT_FOUND', 'This vendor was not found.');
      const updated =
        vendor.status === 'pending'
          ? await repo.decidePendingVendor(db, vendorId, decision === 'approve' ? 'approved' : 'rejected', adminId)
          : undefined;
      if (!updated) {
        const current = (await repo.findVendorById(db, vendorId))?.status ?? vendor.status;
        throw new AppError('CONFLICT', `This vendor has already been ${current}.`);
      }
      return { id: updated.id, status: updated.status as VendorStatus };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
