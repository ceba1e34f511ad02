import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, newPasswordSchema, personNameSchema } from '~/shared/schemas/common';
import { ConfigError, loadConfig } from '../config/env';
import { openDatabase } from '../db/open-database';
import { AppError } from '../lib/app-error';
import { loadAuthSecret } from '../lib/auth-secret';
import { createServices } from '../services';

const USAGE = 'Usage: npm run admin:create -- --email <email> --password <password> --name "<full name>"';

const argsSchema = z.object({ email: emailSchema, password: newPasswordSchema, name: personNameSchema });

/** Creates an admin account: the only way besides the demo data. Works with the embedded database and DATABASE_URL. */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${String(issue.path[0])}: ${issue.message}`);
    console.error(USAGE);
    process.exitCode = 64;
    return;
  }

  const config = loadConfig();
  const database = await openDatabase(config, { log: () => undefined, shareRunning: true });
  const services = createServices({ config, database, authSecret: (await loadAuthSecret(config)).secret });
  try {
    await services.authService.registerAccount(parsed.data, 'admin', null);
    console.log(`Admin ${parsed.data.email} created. Sign in at ${config.PUBLIC_URL}/admin/login`);
    console.log(
      'Two-step sign-in is required for admins: at the first sign-in the admin sets it up with an authenticator app ' +
        '(Google Authenticator, Microsoft Authenticator, 2FAS…) before any admin page opens.',
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      console.error(`An account with the e-mail ${parsed.data.email} already exists. Choose another e-mail.`);
      process.exitCode = 65;
    } else throw error;
  } finally {
    await services.close();
    await database.shutdown();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`admin:create failed: ${(error as Error).message}`);
  process.exit(1);
});
