import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { withAdvisoryLock } from '../lib/advisory-lock';
import { projectRoot } from '../lib/project-root';

export const MIGRATIONS_DIR = path.join(projectRoot(), 'src/server/db/migrations');

const MIGRATION_LOCK_KEY = 7_202_011;

/** Applies the committed SQL migrations this database has not seen yet; instances take turns. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  await withAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) =>
    migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR }),
  );
}
