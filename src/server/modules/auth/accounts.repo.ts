import { desc, eq } from 'drizzle-orm';
import type { UserRole } from '~/shared/constants';
import type { Database } from '../../db/client';
import { addresses } from '../../db/schema/addresses';
import { accounts, users } from '../../db/schema/auth';
import { vendors } from '../../db/schema/vendors';
import { newId } from '../../lib/ids';

/** A transaction or the database itself: repo functions work inside either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface NewAccount {
  name: string;
  email: string;
  role: UserRole;
  passwordHash: string;
}

/** Inserts the user and its credential row; the caller runs it in a transaction. */
export async function insertAccount(tx: Executor, account: NewAccount): Promise<string> {
  const id = newId('usr', 24);
  await tx.insert(users).values({ id, name: account.name, email: account.email, role: account.role, emailVerified: false });
  await tx.insert(accounts).values({
    id: newId('acc', 24),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: account.passwordHash,
  });
  return id;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findVendorSummary(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: vendors.id, businessName: vendors.businessName, status: vendors.status })
    .from(vendors)
    .where(eq(vendors.userId, userId))
    .limit(1);
  return row;
}

export async function listAddresses(db: Executor, userId: string) {
  return (
    db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      // The same order as GET /api/addresses: default first, then newest.
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
  );
}
