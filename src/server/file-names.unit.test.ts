import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One spelling for the files of each surface (decision 63): `<name>[.<surface>].<kind>.ts`, where the
 * kind is routes, service or repo, the surface is admin, vendor or provider (the payment provider's
 * calls) and the storefront is the name alone; the name never carries the surface itself
 * (`admin-orders`, `catalogue-admin`, `vendor-profile` were the old spellings).
 */
const root = path.resolve(import.meta.dirname, '../..');
const SURFACES = ['admin', 'vendor', 'provider'];
const KINDS = ['routes', 'service', 'repo'];

export function misspelled(file: string): string | null {
  const base = path.posix.basename(file);
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.([a-z]+))?\.([a-z]+)\.ts$/.exec(base);
  if (!match) return `${file}: not <name>[.<surface>].<kind>.ts`;
  const [, name, surface, kind] = match;
  if (!KINDS.includes(kind!)) return `${file}: the kind is one of ${KINDS.join(', ')}`;
  if (surface && !SURFACES.includes(surface)) return `${file}: the surface is one of ${SURFACES.join(', ')} (the storefront has none)`;
  const named = SURFACES.find((s) => name!.startsWith(`${s}-`) || name!.endsWith(`-${s}`));
  if (named)
    return `${file}: the surface goes after the name (${name!.replace(new RegExp(`^${named}-|-${named}$`), '')}.${named}.${kind}.ts)`;
  return null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? filesUnder(rel) : [rel];
  });
}

describe('the names of route, service and repo files', () => {
  it('follow <name>[.<surface>].<kind>.ts in every module and surface', () => {
    const files = ['src/server/modules', 'src/server/surfaces']
      .flatMap(filesUnder)
      .filter((f) => /\.(routes|service|repo)\.ts$/.test(f) && !f.includes('.test.'));
    expect(files.length).toBeGreaterThan(60);
    const wrong = files.flatMap((f) => misspelled(f) ?? []);
    expect(wrong).toEqual([]);
  });

  it('say what is wrong with an old spelling, and take the right ones', () => {
    expect(misspelled('modules/orders/admin-orders.repo.ts')).toBe(
      'modules/orders/admin-orders.repo.ts: the surface goes after the name (orders.admin.repo.ts)',
    );
    expect(misspelled('modules/catalogue/catalogue-admin.service.ts')).toMatch(/\(catalogue\.admin\.service\.ts\)$/);
    expect(misspelled('modules/auth/auth.admin-users.service.ts')).toMatch(/not <name>/);
    expect(misspelled('modules/orders/orders.store.routes.ts')).toMatch(/the storefront has none/);
    for (const ok of ['orders.vendor.routes.ts', 'orders.provider.routes.ts', 'account-email.service.ts', 'gst.admin.repo.ts']) {
      expect(misspelled(`modules/x/${ok}`)).toBeNull();
    }
  });
});
