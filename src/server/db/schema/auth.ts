import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
};

/** Accounts of every role (better-auth's `user` model, with the admin plugin's fields). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').default(false).notNull(),
    image: text('image'),
    role: text('role').notNull().default('customer'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** Two-step sign-in is on (better-auth's two-factor plugin; decision 27). */
    twoFactorEnabled: boolean('two_factor_enabled').default(false).notNull(),
    /** The account's own mobile (+91XXXXXXXXXX), from the profile page; null until given. */
    phone: text('phone'),
    /** Set when the owner asked for the account to be deleted (decision 26); erased 7 days later unless a sign-in cancels it. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /** Set when the account's personal data was erased (decision 26); the row stays for the orders that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'vendor', 'admin')`),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // The back office's order search finds customers by part of their name or e-mail.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // The deletion job finds the accounts whose cooling-off has ended.
    index('users_deletion_due_idx')
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null and ${t.deletedAt} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    /** When the session was last used, moved at most every 5 minutes (decision 26); better-auth's updated_at moves daily. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Credentials: for e-mail + password sign-in, providerId is 'credential' and password holds the scrypt hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Authenticator-app (TOTP) enrolment, one row per account (better-auth's `twoFactor` model;
 * decision 27). `secret` is encrypted with the auth secret; `backupCodes` holds a JSON array
 * of HMAC-SHA-256 digests of the recovery codes, never the codes themselves.
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  /** False between set-up and the first code that confirms it. */
  verified: boolean('verified').default(false).notNull(),
  failedVerificationCount: integer('failed_verification_count').default(0).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  ...timestamps,
});
