import { type Readable } from 'node:stream';
import type { UserRole, VendorStatus } from '~/shared/constants';
import type { AccountStandingResponse, AdminUser, AdminUserDetail, AdminUsersQuery, AdminUsersResponse } from '~/shared/schemas/auth';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { indiaDateTime } from '../../lib/dates';
import type { AddressesService } from '../addresses/addresses.service';
import type { AuditService } from '../audit/audit.service';
import type { OrdersOfUser } from '../orders/orders-of-user';
import type { ReviewsService } from '../reviews/reviews.service';
import type { VendorsService } from '../vendors/vendors.service';
import * as repo from './accounts.repo';
import type { Auth } from './better-auth';
import { deviceName } from './device-name';
import { csvStream } from '../../lib/csv';

const EXPORT_BATCH = 1000;
const MOBILE_MATCH_LIMIT = 500;

/** The digits of a search text that is a (part of a) mobile number: "+91 98220-45678" → "9822045678". */
export function mobileDigits(q: string | undefined): string | null {
  if (!q || !/^[\d\s+\-()]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  const local = digits.replace(/^(0091|91|0)(?=\d{10}$)/, '');
  return local.length >= 4 ? local : null;
}

type UserRow = Awaited<ReturnType<typeof repo.selectUsers>>[number];

function toAdminUser({ user, vendor }: UserRow): AdminUser {
  return {
    uid: user.id,
    name: user.name,
    email: user.email,
    role: user.role as UserRole,
    createdAt: user.createdAt.toISOString(),
    suspended: user.banned === true,
    suspendedReason: user.banned ? user.banReason : null,
    emailVerified: user.emailVerified,
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
  };
}

export const USERS_CSV_COLUMNS = [
  'user_id',
  'name',
  'email',
  'role',
  'account_status',
  'suspended_reason',
  'business_name',
  'vendor_status',
  'gstin',
  'pickup_city',
  'pickup_state',
  'joined_at',
] as const;

function csvRecord(u: AdminUser): Record<(typeof USERS_CSV_COLUMNS)[number], string> {
  return {
    user_id: u.uid,
    name: u.name,
    email: u.email,
    role: u.role,
    account_status: u.suspended ? 'suspended' : 'active',
    suspended_reason: u.suspendedReason ?? '',
    business_name: u.vendor?.businessName ?? '',
    vendor_status: u.vendor?.status ?? '',
    gstin: u.vendor?.gstin ?? '',
    pickup_city: u.vendor?.pickupCity ?? '',
    pickup_state: u.vendor?.pickupState ?? '',
    joined_at: indiaDateTime(new Date(u.createdAt)),
  };
}

/**
 * The admin's management of accounts: the searchable list and its CSV, a user's page, and the account's
 * standing (suspend, reactivate). Suspension uses better-auth's admin fields (`banned`, `ban_reason`):
 * its hook refuses a banned account a new session, and every existing session is deleted in the same
 * transaction as the ban and its audit entry. Admins are made and demoted only from the command line.
 */
export function createAdminUsersService(deps: {
  db: Database;
  auth: Auth;
  vendors: Pick<VendorsService, 'suspendWithAccount' | 'reinstateWithAccount' | 'vendorOfUser' | 'userIdsWithMobile'>;
  addresses: Pick<AddressesService, 'list' | 'userIdsWithMobile'>;
  orders: OrdersOfUser;
  reviews: Pick<ReviewsService, 'ofUser'>;
  audit: Pick<AuditService, 'record' | 'gather'>;
}) {
  const { db, auth, vendors, addresses, orders, reviews, audit } = deps;

  /** The query plus the accounts whose address or vendor mobile matches the text, when it is a number. */
  async function filterOf(query: AdminUsersQuery): Promise<repo.UserFilter> {
    const digits = mobileDigits(query.q);
    if (!digits) return query;
    const [fromAddresses, fromVendors] = await Promise.all([
      addresses.userIdsWithMobile(digits, MOBILE_MATCH_LIMIT),
      vendors.userIdsWithMobile(digits, MOBILE_MATCH_LIMIT),
    ]);
    return { ...query, mobileUserIds: [...new Set([...fromAddresses, ...fromVendors])] };
  }

  /** Drops ended sessions from better-auth's session cache (Redis) too, when there is one. */
  async function forgetCachedSessions(userId: string, tokens: string[]) {
    const context = await auth.$context;
    const cache = context.secondaryStorage;
    if (!cache) return;
    await Promise.all([...tokens.map((token) => cache.delete(token)), cache.delete(`active-sessions-${userId}`)]);
  }

  return {
    async list(query: AdminUsersQuery): Promise<AdminUsersResponse> {
      const { rows, total } = await repo.listUsers(db, { ...(await filterOf(query)), page: query.page, pageSize: query.pageSize });
      return { items: rows.map(toAdminUser), total, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Every account the filter finds (the page is ignored), in its order, as CSV streamed in batches:
     * UTF-8 with a BOM and times in India, as the shop's other CSVs, so Excel shows every script's names and the time an admin in India knows.
     */
    async exportCsv(query: AdminUsersQuery): Promise<Readable> {
      const filter = await filterOf(query);
      async function* records() {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const rows = await repo.selectUsers(db, filter, EXPORT_BATCH, offset);
          for (const row of rows) yield csvRecord(toAdminUser(row));
          if (rows.length < EXPORT_BATCH) return;
        }
      }
      return csvStream(records(), { header: true, columns: [...USERS_CSV_COLUMNS] });
    },

    /** A user's page: profile, addresses, orders, reviews, live sessions and, for vendors, the business. */
    async detail(userId: string): Promise<AdminUserDetail> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', 'This account was not found. It may have been deleted.');
      const [addressBook, vendor, orderList, reviewList, sessions] = await Promise.all([
        addresses.list(userId),
        vendors.vendorOfUser(userId),
        orders.recent(userId),
        reviews.ofUser(userId),
        repo.liveSessions(db, userId, { order: 'lastRefresh' }),
      ]);
      const openOrders = vendor ? await orders.openOrdersOfVendor(vendor.id) : 0;
      return {
        user: {
          uid: user.id,
          name: user.name,
          email: user.email,
          role: user.role as UserRole,
          createdAt: user.createdAt.toISOString(),
          suspended: user.banned === true,
          suspendedReason: user.banned ? user.banReason : null,
          emailVerified: user.emailVerified,
        },
        addresses: addressBook,
        vendor: vendor
          ? {
              id: vendor.id,
              businessName: vendor.businessName,
              mobile: vendor.mobile,
              gstin: vendor.gstin,
              pickupCity: vendor.pickupCity,
              pickupState: vendor.pickupState,
              pickupPinCode: vendor.pickupPinCode,
              status: vendor.status,
              statusReason: vendor.statusReason,
              createdAt: vendor.createdAt,
              decidedAt: vendor.decidedAt,
              openOrders,
            }
          : null,
        orders: orderList,
        reviews: reviewList,
        sessions: sessions.map((s) => ({
          id: s.id,
          device: deviceName(s.userAgent),
          userAgent: s.userAgent,
          ipAddress: s.ipAddress,
          signedInAt: s.createdAt.toISOString(),
          lastSeenAt: s.updatedAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
      };
    },

    /**
     * Suspends an account: it is signed out everywhere at once and cannot sign in; a vendor's business is
     * suspended with it (its products leave the shop). An admin cannot suspend themselves, and another
     * admin only while at least one other admin stays active: changes of standing are serialised by a
     * lock, so two admins suspending each other at once leave one of them active.
     */
    async suspend(userId: string, reason: string, actorId: string): Promise<AccountStandingResponse> {
      if (userId === actorId) {
        throw new AppError('CONFLICT', 'You cannot suspend your own account. Another admin can, if it must be done.');
      }
      const result = await db.transaction(async (tx) => {
        await repo.lockStandings(tx);
        const actor = await repo.lockUser(tx, actorId);
        if (!actor || actor.banned) throw new AppError('FORBIDDEN', 'Your own account has just been suspended.');
        const target = await repo.lockUser(tx, userId);
        if (!target) throw new AppError('NOT_FOUND', 'This account was not found. It may have been deleted.');
        if (target.banned) throw new AppError('CONFLICT', 'This account is already suspended.');
        if (target.role === 'admin') {
          const others = (await repo.activeAdminIds(tx)).filter((id) => id !== userId);
          if (others.length === 0) {
            throw new AppError('CONFLICT', 'This is the last active admin: it cannot be suspended, or no one could run the shop.');
          }
        }
        await repo.setBanned(tx, userId, true, reason);
        const tokens = await repo.deleteSessionsExcept(tx, userId, null);
        // One suspension is one audit entry: the business suspended with the account is a step of it.
        const { result: vendorStatus, held } = await audit.gather(tx, async () =>
          target.role === 'vendor' ? vendors.suspendWithAccount(tx, userId, actorId, reason) : null,
        );
        await audit.record(tx, {
          action: 'account.suspend',
          entityType: 'user',
          entityId: userId,
          vendorId: held[0]?.vendorId ?? null,
          summary: `Suspended the ${target.role} account ${target.email}: ${reason}`,
          before: { suspended: false, reason: null },
          after: {
            suspended: true,
            reason,
            sessionsEnded: tokens.length,
            ...(vendorStatus ? { vendorStatus } : {}),
            ...(held.length > 0 ? { steps: held.map((h) => h.summary) } : {}),
          },
        });
        return { tokens, vendorStatus };
      });
      await forgetCachedSessions(userId, result.tokens);
      return {
        uid: userId,
        suspended: true,
        suspendedReason: reason,
        vendorStatus: result.vendorStatus,
        sessionsEnded: result.tokens.length,
      };
    },

    /** Reactivates a suspended account (it may sign in again); a vendor suspended with it is approved again. */
    async reactivate(userId: string, reason: string, actorId: string): Promise<AccountStandingResponse> {
      return db.transaction(async (tx) => {
        await repo.lockStandings(tx);
        const target = await repo.lockUser(tx, userId);
        if (!target) throw new AppError('NOT_FOUND', 'This account was not found. It may have been deleted.');
        if (!target.banned) throw new AppError('CONFLICT', 'This account is not suspended.');
        await repo.setBanned(tx, userId, false, null);
        const { result: vendorStatus, held } = await audit.gather(tx, async () =>
          target.role === 'vendor' ? vendors.reinstateWithAccount(tx, userId, actorId) : null,
        );
        await audit.record(tx, {
          action: 'account.reactivate',
          entityType: 'user',
          entityId: userId,
          vendorId: held[0]?.vendorId ?? null,
          summary: `Reactivated the ${target.role} account ${target.email}: ${reason}`,
          before: { suspended: true, reason: target.banReason },
          after: {
            suspended: false,
            reason,
            ...(vendorStatus ? { vendorStatus } : {}),
            ...(held.length > 0 ? { steps: held.map((h) => h.summary) } : {}),
          },
        });
        return { uid: userId, suspended: false, suspendedReason: null, vendorStatus, sessionsEnded: 0 };
      });
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
