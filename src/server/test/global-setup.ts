import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config/env';
import { connectDatabase } from '../db/client';
import { removeCluster, startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL (any database) where each test file clones its own database. */
    serverUrl: string;
    /** Name of the migrated template database. */
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL per test run: the embedded server by default, the one of DATABASE_URL
 * when set. Migrations run once into a template; each test file clones it.
 */
export default async function setup(project: TestProject) {
  const config = loadConfig();
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let serverUrl = config.DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    serverUrl = embedded.url;
  }
  const templateDatabase = `shop_template_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(templateDatabase)}`);
  const template = connectDatabase(withDatabase(serverUrl, templateDatabase), 2);
  await runMigrations(template.pool);
  await template.close();

  project.provide('serverUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    // Test files drop their own clones; drop any left by a crashed file, then the template.
    const left = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${templateDatabase}_%`]);
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${admin.escapeIdentifier(datname)} with (force)`);
    await admin.query(`drop database if exists ${admin.escapeIdentifier(templateDatabase)} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await removeCluster(dataDir);
  };
}
