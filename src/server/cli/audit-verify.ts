import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/open-database';
import { createAuditService } from '../modules/audit/audit.service';

/**
 * `npm run audit:verify`: walks the audit log's hash chain and prints the first entry that was
 * changed or that follows removed ones (exit code 1), or how many entries hold (exit code 0).
 * Works with the embedded database and with DATABASE_URL.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config, { log: () => undefined, shareRunning: true });
  try {
    const check = await createAuditService({ db: database.db }).verify();
    if (check.firstBroken) {
      console.error(`Audit log broken at entry ${check.firstBroken.id}: ${check.firstBroken.reason}.`);
      console.error(`${check.checked} entries before it hold.`);
      process.exitCode = 1;
    } else {
      console.log(`Audit log intact: ${check.checked} entries, each following the one before.`);
    }
  } finally {
    await database.shutdown();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`audit:verify failed: ${(error as Error).message}`);
  process.exit(2);
});
