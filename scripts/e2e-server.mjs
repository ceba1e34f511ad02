// The server the browser stories run against: the built app on a fresh data directory
// (so the demo data is seeded anew), with limits loose enough for many stories from one address.
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED_DEMO_DATA: 'true',
  PUBLIC_FORM_LIMIT_PER_HOUR: '10000',
  LOGIN_MAX_FAILURES: '5',
  // Parallel stories sign in as the one demo admin more often than one new code per 30 s allows;
  // the API tests prove that a code works once (decision 27).
  TWO_FACTOR_CODE_REUSE: 'true',
  // The back-in-stock story waits for the alert job's e-mail after a restock (decision 28: 30 s by default).
  STOCK_ALERT_INTERVAL_SECONDS: '2',
  // The CSV import story serves its pictures from a server of its own on 127.0.0.1 (decision 61).
  PICTURE_FETCH_ALLOW_PRIVATE: 'true',
  // The parcel-tracking stories press the test courier's levers on its tracking page (decision 79).
  TEST_COURIER_LEVERS: 'true',
});
// The browser stories use the embedded database even when CI exports DATABASE_URL/REDIS_URL for the API suite.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
await import(path.join(root, 'dist/server/main.js'));
