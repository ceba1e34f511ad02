import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createSealer, dataEncryptionKey, isSealed, SealedValueError } from './sealed';

const ACCOUNT = '50100123454321';
const CONTEXT = 'vendors.bank_account:ven_1';

describe('seal and open', () => {
  const sealer = createSealer(randomBytes(32));

  it('gives back the text it sealed, and the sealed value shows nothing of it', () => {
    const sealed = sealer.seal(ACCOUNT, CONTEXT);
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain('4321');
    expect(isSealed(sealed)).toBe(true);
    expect(sealer.open(sealed, CONTEXT)).toBe(ACCOUNT);
  });

  it('seals the same text differently each time (a fresh IV), and both open', () => {
    const [a, b] = [sealer.seal(ACCOUNT, CONTEXT), sealer.seal(ACCOUNT, CONTEXT)];
    expect(a).not.toBe(b);
    expect([sealer.open(a, CONTEXT), sealer.open(b, CONTEXT)]).toEqual([ACCOUNT, ACCOUNT]);
  });

  it('refuses a sealed value changed in any part', () => {
    const [version, iv, tag, body] = sealer.seal(ACCOUNT, CONTEXT).split(':') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(body)],
      [version, iv, flip(tag), body],
      [version, flip(iv), tag, body],
    ]) {
      expect(() => sealer.open(tampered.join(':'), CONTEXT)).toThrow(SealedValueError);
    }
  });

  it('refuses a value sealed with another key, or for another row', () => {
    const sealed = sealer.seal(ACCOUNT, CONTEXT);
    expect(() => createSealer(randomBytes(32)).open(sealed, CONTEXT)).toThrow('does not open with this key');
    expect(() => sealer.open(sealed, 'vendors.bank_account:ven_2')).toThrow(SealedValueError);
  });

  it('refuses a value that is not sealed: a plain number, another version, a broken shape', () => {
    for (const value of [ACCOUNT, '', 'v2:a:b:c', 'v1:abc', 'v1:AAAA:AAAA:AAAA']) {
      expect(() => sealer.open(value, CONTEXT)).toThrow('Not a sealed value');
    }
  });
});

describe('the data encryption key', () => {
  const authSecret = 'a'.repeat(64);

  it('is derived from the auth secret when none is set: the same secret gives the same key, another secret another', () => {
    const key = dataEncryptionKey(undefined, authSecret);
    expect(key).toHaveLength(32);
    expect(dataEncryptionKey(undefined, authSecret)).toEqual(key);
    expect(dataEncryptionKey(undefined, 'b'.repeat(64))).not.toEqual(key);
    // A value sealed by one process opens in another with the same secret (a restored backup, a second instance).
    const sealed = createSealer(key).seal(ACCOUNT, CONTEXT);
    expect(createSealer(dataEncryptionKey(undefined, authSecret)).open(sealed, CONTEXT)).toBe(ACCOUNT);
  });

  it('is DATA_ENCRYPTION_KEY when set, whatever the auth secret', () => {
    const configured = randomBytes(32).toString('base64');
    expect(dataEncryptionKey(configured, authSecret)).toEqual(Buffer.from(configured, 'base64'));
    expect(dataEncryptionKey(configured, 'b'.repeat(64))).toEqual(Buffer.from(configured, 'base64'));
  });

  it('is refused at start when DATA_ENCRYPTION_KEY is not 32 bytes of base64, without echoing it', () => {
    const short = randomBytes(16).toString('base64');
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: short })).toThrow('DATA_ENCRYPTION_KEY must be 32 bytes in base64');
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: short })).not.toThrow(short);
    expect(loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).DATA_ENCRYPTION_KEY).toHaveLength(44);
  });
});
