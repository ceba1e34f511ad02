import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/env';

/**
 * AUTH_SECRET signs session cookies. Without it, a random secret is made once and kept in
 * DATA_DIR/auth-secret, so sessions survive restarts. Several instances need the same
 * AUTH_SECRET (or a shared DATA_DIR).
 */
export async function loadAuthSecret(config: Config): Promise<{ secret: string; generated: boolean }> {
  if (config.AUTH_SECRET) return { secret: config.AUTH_SECRET, generated: false };
  const file = path.join(config.DATA_DIR, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return { secret: existing.trim(), generated: false };
  await mkdir(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return { secret, generated: true };
}
