import { createHmac, randomInt } from 'node:crypto';

/** Ten recovery codes per enrolment (issue 13). */
export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper. 32 letters × 12 places = 60 bits each.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;
const DIGEST = /^[0-9a-f]{64}$/;

/** Fresh recovery codes in the form `ABCD-EFGH-JKMN`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET.charAt(randomInt(ALPHABET.length))).join(''),
    ).join('-'),
  );
}

/** What people type is compared without case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** HMAC-SHA-256 of the normalised code, keyed with the auth secret: a leaked table alone cannot be searched. */
export function hashRecoveryCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(normalizeRecoveryCode(code)).digest('hex');
}

/**
 * better-auth's `backupCodeOptions.storeBackupCodes`: the plugin hands us the JSON list of codes to
 * store and reads back the list it compares the submitted code against. We store digests only: new
 * codes are hashed, digests that remain after one is used stay as they are, and the caller submits
 * the digest of what the person typed (see two-factor.service.ts), so a code is never kept in clear.
 */
export function hashedRecoveryCodeStore(secret: string) {
  return {
    encrypt: async (json: string) => {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(codes.map((code) => (DIGEST.test(code) ? code : hashRecoveryCode(secret, code))));
    },
    decrypt: async (stored: string) => stored,
  };
}

/** How many codes a stored list still holds. */
export function countStoredCodes(stored: string | null | undefined): number {
  if (!stored) return 0;
  try {
    const codes: unknown = JSON.parse(stored);
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}
