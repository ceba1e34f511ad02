import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/open-database';

/** Applies pending migrations (the app also does this at every start). */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: () => undefined, shareRunning: true });
  await database.shutdown();
  console.log('Migrations are up to date.');
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `db:migrate failed: ${(error as Error).message}`);
  process.exit(1);
});
