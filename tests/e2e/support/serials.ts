import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';

/** A serial no other unit has: 5CD and ten capitals, as an HP laptop's label reads. */
export const freshSerial = () => `5CD${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * The seller packs an order as a barcode scanner does it: presses Mark packed (in `scope`, a row or the order's
 * page), types each unit's serial and presses Enter, which moves to the next unit and, on the last, packs.
 * Answers the serials entered.
 */
export async function packWithSerials(page: Page, scope: Locator | Page, orderNumber: string, serials?: string[]): Promise<string[]> {
  await scope.getByRole('button', { name: `Mark packed: order ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pack order ${orderNumber}` });
  await expect(dialog).toBeVisible();
  const inputs = dialog.getByRole('textbox');
  const count = await inputs.count();
  const entered = serials ?? Array.from({ length: count }, freshSerial);
  await inputs.first().focus();
  for (const serial of entered.slice(0, count)) {
    await page.keyboard.type(serial);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText(`Order ${orderNumber} is packed`)).toBeVisible();
  return entered;
}
