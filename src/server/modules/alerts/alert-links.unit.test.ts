import { describe, expect, it } from 'vitest';
import { hashConfirmToken, newConfirmToken, readStopToken, stopToken } from './alert-links';

const SECRET = 'a-secret-of-the-shop-that-is-long-enough';

describe('alert e-mail links', () => {
  it('makes confirmation tokens that are random, URL-safe and stored only as their hash', () => {
    const a = newConfirmToken();
    const b = newConfirmToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(hashConfirmToken(a)).toBe(hashConfirmToken(a));
    expect(hashConfirmToken(a)).not.toContain(a);
  });

  it('reads back the alert of a stop link it signed, and nothing from a forged or altered one', () => {
    const token = stopToken(SECRET, 'alrt_Ab3-x');
    // Letters, digits, "_" and "-" only: e-mail clients keep the whole link clickable.
    expect(token).toMatch(/^[\w-]+$/);
    expect(readStopToken(SECRET, token)).toBe('alrt_Ab3-x');
    expect(readStopToken('another-secret-of-another-shop-000', token)).toBeUndefined();
    expect(readStopToken(SECRET, token.replace('alrt_Ab3-x', 'alrt_Zz9-x'))).toBeUndefined();
    const altered = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect(readStopToken(SECRET, altered)).toBeUndefined();
    expect(readStopToken(SECRET, 'alrt_Ab3')).toBeUndefined();
    expect(readStopToken(SECRET, '-')).toBeUndefined();
  });
});
