import { pgView } from 'drizzle-orm/pg-core';
import { users } from '../schema/auth';

/** Published by the auth module: an account's name, e-mail and role, for lists that show who (a payment's customer, a review's author). */
export const accountDirectory = pgView('account_directory').as((qb) =>
  qb.select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt }).from(users),
);
