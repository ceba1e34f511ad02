import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The two links of alert e-mails (decision 28). Confirming a visitor's address: a random token
 * (256 bits) of which only the SHA-256 is stored, spent on use and late after a day, as the
 * account e-mails' links are (decision 25). Stopping alerts: the alert's id signed with HMAC-SHA256,
 * so the link in an e-mail sent months later still works without anything stored for it.
 */

/** 256 random bits, URL-safe. */
export function newConfirmToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

// Hex has no "-", so the last "-" of a stop token always separates the id from its signature.
const mac = (secret: string, alertId: string) => createHmac('sha256', secret).update(`stock-alert-stop:${alertId}`).digest('hex');

/** `<alert id>-<HMAC>`: URL-safe, and of the characters e-mail clients keep inside a link. */
export function stopToken(secret: string, alertId: string): string {
  return `${alertId}-${mac(secret, alertId)}`;
}

/** The alert id a stop token was signed for, or undefined when the signature does not match. */
export function readStopToken(secret: string, token: string): string | undefined {
  const cut = token.lastIndexOf('-');
  if (cut <= 0) return undefined;
  const alertId = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1), 'utf8');
  const expected = Buffer.from(mac(secret, alertId), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? alertId : undefined;
}
