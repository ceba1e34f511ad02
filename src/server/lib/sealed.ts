import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Values sealed at rest (decision 52): AES-256-GCM with a random 12-byte IV, kept as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). The version names the format and the key, so a later
 * key can be added as `v2` and the old values re-sealed in batches. The `context` (the table, the
 * field and the row's id) is authenticated with the value: a sealed value copied onto another row
 * does not open there.
 */
export interface Sealer {
  seal(text: string, context: string): string;
  /** The text sealed for `context`; throws SealedValueError for anything else. */
  open(sealed: string, context: string): string;
}

export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** HKDF's info: changing it would make every sealed value unreadable. */
const HKDF_INFO = 'sahyadri-computers:data-encryption-key:v1';

export const isSealed = (value: string): boolean => value.startsWith(`${VERSION}:`);

/**
 * The 32-byte key: DATA_ENCRYPTION_KEY when set (base64), else derived from the auth secret with
 * HKDF-SHA-256, so a shop that keeps AUTH_SECRET (or DATA_DIR/auth-secret, which backups carry)
 * needs nothing new.
 */
export function dataEncryptionKey(configured: string | undefined, authSecret: string): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new SealedValueError('DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', authSecret, Buffer.alloc(0), HKDF_INFO, 32));
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new SealedValueError('The data encryption key must be 32 bytes');
  return {
    seal(text, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
    },
    open(sealed, context) {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SealedValueError('Not a sealed value');
      const [iv, tag, body] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
      if (iv!.length !== IV_BYTES || tag!.length !== TAG_BYTES) throw new SealedValueError('Not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv!, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
      } catch {
        throw new SealedValueError('The sealed value does not open with this key (changed, or sealed with another key)');
      }
    },
  };
}
