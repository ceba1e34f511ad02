import { pgView } from 'drizzle-orm/pg-core';
import { users } from '../schema/auth';

/**
 * Published by the auth module: an account's name, e-mail and role, for lists that show who (a payment's
 * customer, a review's author), and its standing — suspended (`banned`, with the reason given), e-mail
 * verified — for the admin's list of accounts (decision 65). Columns are only ever added at the end
 * (migration 0033 made it again with the standing, decision 31).
 */
export const accountDirectory = pgView('account_directory').as((qb) =>
  qb
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      banned: users.banned,
      banReason: users.banReason,
      emailVerified: users.emailVerified,
    })
    .from(users),
);
