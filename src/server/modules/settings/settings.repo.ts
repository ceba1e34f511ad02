import { eq } from 'drizzle-orm';
import type { ShopSettings } from '~/shared/schemas/settings';
import type { Executor } from '../../db/client';
import { shopSettings } from '../../db/schema/settings';

export type SettingsRow = typeof shopSettings.$inferSelect;

export async function read(db: Executor): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row;
}

/** The saved row, locked until the transaction ends (none while the defaults apply). */
export async function readLocked(tx: Executor): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
  return row;
}

/**
 * Saves the settings as `version`. The first save inserts the row; when two first saves race, the
 * primary key lets one in and the other gets no row back (the caller reports the conflict).
 */
export async function write(
  tx: Executor,
  value: ShopSettings,
  version: number,
  by: { userId: string | null; email: string | null },
): Promise<SettingsRow | undefined> {
  const values = { id: 1, value, version, updatedAt: new Date(), updatedBy: by.userId, updatedByEmail: by.email };
  if (version === 1) {
    const [row] = await tx.insert(shopSettings).values(values).onConflictDoNothing().returning();
    return row;
  }
  const [row] = await tx.update(shopSettings).set(values).where(eq(shopSettings.id, 1)).returning();
  return row;
}
