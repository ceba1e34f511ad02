import type { AdminOverview } from '~/shared/schemas/dashboard';
import type { AuthService } from '../auth/auth.service';
import type { ContactService } from '../contact/contact.service';
import type { VendorsService } from '../vendors/vendors.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dates of the last `days` calendar days in India, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now: Date): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  return Array.from({ length: days }, (_, i) => fmt.format(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

/**
 * The admin dashboard's figures. Read-only and owns no table: every number comes from the service
 * of the module that owns it (accounts, vendors, contact messages).
 */
export function createDashboardService(deps: { authService: AuthService; vendorsService: VendorsService; contactService: ContactService }) {
  const { authService, vendorsService, contactService } = deps;
  return {
    async overview(now = new Date()): Promise<AdminOverview> {
      const [usersByRole, vendorsByStatus, messages, signups] = await Promise.all([
        authService.countByRole(),
        vendorsService.countByStatus(),
        contactService.count(new Date(now.getTime() - 7 * DAY_MS)),
        authService.signupsByDay(new Date(now.getTime() - 30 * DAY_MS)),
      ]);
      return {
        usersByRole,
        vendorsByStatus,
        contactMessages: { total: messages.total, last7Days: messages.since },
        signupsByDay: lastDays(30, now).map((date) => ({ date, count: signups.get(date) ?? 0 })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
