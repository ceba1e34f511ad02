import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShopSettings } from '~/shared/schemas/settings';
import { users } from './auth';

/**
 * The shop's settings as an admin last saved them (one row; none while the defaults apply). `version`
 * grows by one on each save, so two admins saving forms read at the same version cannot overwrite
 * each other unseen.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').$type<ShopSettings>().notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** The e-mail of the admin who saved, as it was then (shown on the settings page). */
    updatedByEmail: text('updated_by_email'),
  },
  (t) => [check('shop_settings_one_row', sql`${t.id} = 1`)],
);
