import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type ADMIN_USER_SORTS, type AdminUsersQuery } from '~/shared/schemas/auth';
import { parseSort } from '~/shared/schemas/common';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema/auth';
import { sellerDirectory } from '../../../db/views/vendors';
import { escapeLike } from '../../../lib/sql-text';

/*
 * The admin's list of accounts (and its CSV): the identity module's accounts joined with the business
 * record the vendors module publishes (seller_directory), filtered and sorted in one query. The one read
 * of the users table outside the identity module: its published view (account_directory) does not carry
 * the standing (banned, ban_reason, email_verified) the list shows and filters by (decision 65).
 */

const USER_ORDER: Record<(typeof ADMIN_USER_SORTS)[number], SQL> = {
  createdAt: sql`${users.createdAt}`,
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
};

/** What narrows the admin's list of accounts: its query, and the accounts whose mobile matched the text. */
export type UserFilter = Pick<AdminUsersQuery, 'role' | 'status' | 'q' | 'sort'> & { mobileUserIds?: string[] };

/** Never null (a customer has no vendor record), so `not` of it is true for every active account. */
const suspendedSql = sql`(${users.banned} is true or ${sellerDirectory.status} is not distinct from 'suspended')`;

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status === 'active') conditions.push(sql`not ${suspendedSql}`);
  else if (filter.status === 'suspended') conditions.push(suspendedSql);
  else if (filter.status) conditions.push(eq(sellerDirectory.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const text = [ilike(users.email, pattern), ilike(users.name, pattern), ilike(sellerDirectory.businessName, pattern)];
    if (filter.mobileUserIds?.length) text.push(inArray(users.id, filter.mobileUserIds));
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
      user: users,
      vendor: {
        id: sellerDirectory.id,
        businessName: sellerDirectory.businessName,
        status: sellerDirectory.status,
        gstin: sellerDirectory.gstin,
        pickupCity: sellerDirectory.pickupCity,
        pickupState: sellerDirectory.pickupState,
      },
    })
    .from(users)
    .leftJoin(sellerDirectory, eq(sellerDirectory.userId, users.id))
    .where(userConditions(filter))
    .orderBy(direction(USER_ORDER[column]), direction(users.id))
    .limit(limit)
    .offset(offset);
}

/** Accounts of every role with their vendor record, narrowed by role, status or text (name, e-mail, business, mobile). */
export async function listUsers(db: Executor, filter: UserFilter & Pick<AdminUsersQuery, 'page' | 'pageSize'>) {
  const [rows, [total]] = await Promise.all([
    selectUsers(db, filter, filter.pageSize, (filter.page - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).leftJoin(sellerDirectory, eq(sellerDirectory.userId, users.id)).where(userConditions(filter)),
  ]);
  return { rows, total: total?.value ?? 0 };
}
