import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The data folder of the e2e server (scripts/e2e-server.mjs), whose embedded PostgreSQL writes its address there. */
export const e2eDataDir = path.resolve(import.meta.dirname, '../../../.tmp/e2e-data');

/** Works in the e2e shop's own database, as someone with database access (or a test setting up what the UI cannot) would. */
export async function inShopDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: readFileSync(path.join(e2eDataDir, 'postgres.url'), 'utf8').trim() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
