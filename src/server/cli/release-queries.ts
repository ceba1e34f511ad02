import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '../config/env';
import { connectDatabase } from '../db/client';
import { removeCluster, startEmbeddedPostgres, withDatabase } from '../db/embedded';
import { migrationJournal, runMigrations } from '../db/migrate';
import { distinctStatements, prepareStatement, RELEASE_QUERIES_DIR, type ReleaseQueries } from '../db/release-queries';
import { projectRoot, shopVersion } from '../lib/project-root';

const USAGE = 'Usage: npm run db:release-queries [-- --from <capture folder>]';

/** Runs the API suite with the statement capture on (decision 31); returns the folder it wrote. */
function captureFromApiSuite(): string {
  const dir = path.join(os.tmpdir(), `shop-sql-capture-${randomBytes(4).toString('hex')}`);
  const root = projectRoot();
  console.log(`Running the API suite with SHOP_SQL_CAPTURE_DIR=${dir} (several minutes)…`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api'], {
    cwd: root,
    stdio: 'inherit',
    // The suite needs PATH and the like; the capture folder is added.
    // eslint-disable-next-line no-restricted-properties
    env: { ...process.env, SHOP_SQL_CAPTURE_DIR: dir },
  });
  if (result.status !== 0) console.warn('Some API tests failed: the statements they sent before failing are kept all the same.');
  return dir;
}

async function capturedTexts(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const file of await readdir(dir)) {
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) if (line) texts.push(JSON.parse(line) as string);
  }
  return texts;
}

/**
 * `npm run db:release-queries`: when a release is cut, writes the statements it sends (captured while
 * the API suite runs) with their parameter types to src/server/db/release-queries/<version>.json.
 */
async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  const captureDir = values.from ?? captureFromApiSuite();
  const statements = distinctStatements(await capturedTexts(captureDir));

  // Each statement is prepared on a freshly migrated database, which also records its parameters' types.
  const workDir = config.DATABASE_URL ? undefined : await mkdtemp(path.join(os.tmpdir(), 'shop-release-queries-'));
  const server = workDir ? await startEmbeddedPostgres({ dataDir: workDir }) : undefined;
  const serverUrl = server?.url ?? config.DATABASE_URL!;
  const name = `release_queries_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const database = connectDatabase(withDatabase(serverUrl, name), 1);
    await runMigrations(database.pool);
    await database.close();
    const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
    await client.connect();
    const kept: ReleaseQueries['statements'] = [];
    try {
      for (const sql of statements) {
        const result = await prepareStatement(client, sql);
        if (result.ok) kept.push({ sql, types: result.types });
        else console.warn(`Left out (${result.message}): ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
    } finally {
      await client.end();
    }
    const corpus: ReleaseQueries = {
      release: shopVersion(),
      migration: migrationJournal().at(-1)!.tag,
      capturedAt: new Date().toISOString(),
      statements: kept,
    };
    const file = path.join(RELEASE_QUERIES_DIR, `${corpus.release}.json`);
    // One statement a line: a new release's file reads as a diff of the statements that changed.
    const { statements: lines, ...head } = corpus;
    const text = JSON.stringify(head, null, 2).replace(
      /\n}$/,
      `,\n  "statements": [\n${lines.map((s) => `    ${JSON.stringify(s)}`).join(',\n')}\n  ]\n}\n`,
    );
    await writeFile(file, text);
    console.log(
      `${kept.length} statements of release ${corpus.release} (migration ${corpus.migration}) written to ${path.relative(process.cwd(), file)}.`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
    await server?.stop();
    if (workDir) await removeCluster(workDir);
    if (!values.from) await rm(captureDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `db:release-queries failed: ${(error as Error).message}`);
  process.exit(1);
});
