import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/open-database';
import { seedDemoDataOnce } from '../ops/seed/seed';
import { loadAuthSecret } from '../lib/auth-secret';
import { createServices } from '../services';

/** Seeds the demo data into the configured database unless it was seeded before. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: () => undefined, shareRunning: true });
  const services = createServices({ config, database, authSecret: (await loadAuthSecret(config)).secret });
  try {
    const seeded = await seedDemoDataOnce(services);
    console.log(seeded ? 'Demo data seeded.' : 'Demo data was already seeded; nothing changed.');
  } finally {
    await services.close();
    await database.shutdown();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `db:seed failed: ${(error as Error).message}`);
  process.exit(1);
});
