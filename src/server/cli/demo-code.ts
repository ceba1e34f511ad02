import { generateSync } from 'otplib';
import { DEMO_ACCOUNTS } from '../ops/seed/demo-accounts';

/**
 * `npm run demo:code`: the current sign-in code of the demo admin, for a developer without an
 * authenticator app. Only for the demo data's public key; real accounts' keys never leave the database.
 */
const key = DEMO_ACCOUNTS.admin.authenticatorKey;
const period = 30;
const now = Math.floor(Date.now() / 1000);
const left = period - (now % period);
console.log(`${generateSync({ secret: key })}  (demo admin ${DEMO_ACCOUNTS.admin.email}; a new code in ${left} s)`);
