import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type ADMIN_USER_SORTS, type AdminUsersQuery } from '~/shared/schemas/auth';
import { parseSort } from '~/shared/schemas/common';
import type { Executor } from '../../../db/client';
import { accountDirectory as accounts } from '../../../db/views/auth';
import { sellerDirectory } from '../../../db/views/vendors';
import { escapeLike } from '../../../lib/sql-text';

/*
 * The admin's list of accounts (and its CSV): the accounts and their standing the identity module
 * publishes (account_directory) joined with the business record the vendors module publishes
 * (seller_directory), filtered and sorted in one query. It reads no module's table (decision 65).
 */

const USER_ORDER: Record<(typeof ADMIN_USER_SORTS)[number], SQL> = {
  createdAt: sql`${accounts.createdAt}`,
  name: sql`lower(${accounts.name})`,
  email: sql`${accounts.email}`,
};

/** What narrows the admin's list of accounts: its query, and the accounts whose mobile matched the text. */
export type UserFilter = Pick<AdminUsersQuery, 'role' | 'status' | 'q' | 'sort'> & { mobileUserIds?: string[] };

/** Never null (a customer has no vendor record), so `not` of it is true for every active account. */
const suspendedSql = sql`(${accounts.banned} is true or ${sellerDirectory.status} is not distinct from 'suspended')`;

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(accounts.role, filter.role));
  if (filter.status === 'active') conditions.push(sql`not ${suspendedSql}`);
  else if (filter.status === 'suspended') conditions.push(suspendedSql);
  else if (filter.status) conditions.push(eq(sellerDirectory.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const text = [ilike(accounts.email, pattern), ilike(accounts.name, pattern), ilike(sellerDirectory.businessName, pattern)];
    if (filter.mobileUserIds?.length) text.push(inArray(accounts.id, filter.mobileUserIds));
    conditions.push(or(...text)!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** One page (limit, offset) of accounts with their vendor record, in the filter's order. */
export async function selectUsers(db: Executor, filter: UserFilter, limit: number, offset: number) {
  const { column, descending } = parseSort(filter.sort);
  const direction = descending ? desc : asc;
  return db
    .select({
      user: {
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        role: accounts.role,
        createdAt: accounts.createdAt,
        banned: accounts.banned,
        banReason: accounts.banReason,
        emailVerified: accounts.emailVerified,
      },
      vendor: {
        id: sellerDirectory.id,
        businessName: sellerDirectory.businessName,
        status: sellerDirectory.status,
        gstin: sellerDirectory.gstin,
        pickupCity: sellerDirectory.pickupCity,
        pickupState: sellerDirectory.pickupState,
      },
    })
    .from(accounts)
    .leftJoin(sellerDirectory, eq(sellerDirectory.userId, accounts.id))
    .where(userConditions(filter))
    .orderBy(direction(USER_ORDER[column]), direction(accounts.id))
    .limit(limit)
    .offset(offset);
}

/** Accounts of every role with their vendor record, narrowed by role, status or text (name, e-mail, business, mobile). */
export async function listUsers(db: Executor, filter: UserFilter & Pick<AdminUsersQuery, 'page' | 'pageSize'>) {
  const [rows, [total]] = await Promise.all([
    selectUsers(db, filter, filter.pageSize, (filter.page - 1) * filter.pageSize),
    db
      .select({ value: count() })
      .from(accounts)
      .leftJoin(sellerDirectory, eq(sellerDirectory.userId, accounts.id))
      .where(userConditions(filter)),
  ]);
  return { rows, total: total?.value ?? 0 };
}
