import { type Readable } from 'node:stream';
import type { UserRole, VendorStatus } from '~/shared/constants';
import type { AccountStandingResponse, AdminUser, AdminUserDetail, AdminUsersQuery, AdminUsersResponse } from '~/shared/schemas/auth';
import type { Database } from '../../../db/client';
import { csvStream } from '../../../lib/csv';
import { indiaDateTime } from '../../../lib/dates';
import type { AddressesService } from '../../../modules/addresses/addresses.service';
import type { AccountStandingService } from '../../../modules/auth/account-standing.service';
import { deviceName } from '../../../modules/auth/device-name';
import type { OrdersOfUser } from '../../../modules/orders/orders-of-user';
import type { ReviewsService } from '../../../modules/reviews/reviews.service';
import type { VendorsService } from '../../../modules/vendors/vendors.service';
import * as repo from './users.admin.repo';

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
 * The admin's management of accounts (an admin surface over several modules): the searchable list and its
 * CSV, a user's page (the account and its sessions from identity, with what the addresses, vendors,
 * orders and reviews modules publish), and the account's standing, changed by the flows
 * `suspend-account` and `reactivate-account`. Admins are made and demoted only from the command line.
 */
export function createAdminUsersService(deps: {
  db: Database;
  accounts: Pick<AccountStandingService, 'account' | 'liveSessions'>;
  vendors: Pick<VendorsService, 'vendorOfUser' | 'userIdsWithMobile'>;
  addresses: Pick<AddressesService, 'list' | 'userIdsWithMobile'>;
  orders: Pick<OrdersOfUser, 'recent' | 'openOrdersOfVendor'>;
  reviews: Pick<ReviewsService, 'ofUser'>;
  /** The flows that change an account's standing (identity's ban and sessions with the vendor record). */
  suspend: (userId: string, reason: string, actorId: string) => Promise<AccountStandingResponse>;
  reactivate: (userId: string, reason: string, actorId: string) => Promise<AccountStandingResponse>;
}) {
  const { db, accounts, vendors, addresses, orders, reviews } = deps;

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
      const user = await accounts.account(userId);
      const [addressBook, vendor, orderList, reviewList, sessions] = await Promise.all([
        addresses.list(userId),
        vendors.vendorOfUser(userId),
        orders.recent(userId),
        reviews.ofUser(userId),
        accounts.liveSessions(userId),
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
              trusted: vendor.trusted ?? false,
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
     * suspended with it (its products leave the shop). The flow `suspend-account`.
     */
    suspend: deps.suspend,

    /** Reactivates a suspended account (it may sign in again); a vendor suspended with it is approved again. */
    reactivate: deps.reactivate,
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
