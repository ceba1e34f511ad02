import { sql } from 'drizzle-orm';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import { signUpVendor } from './accounts-kit';
import { listProduct } from './product-review-kit';
import type { TestApp } from './test-app';

/** A seller of the test's own, approved and trusted: its products go on sale without the review queue (decision 70). */
export async function trustedSeller(t: TestApp, name: string) {
  const vendor = await signUpVendor(t, name);
  await t.services.database.db.execute(sql`update vendors set status = 'approved', trusted = true where id = ${vendor.vendorId}`);
  return vendor;
}

let counter = 0;
/** A 16 GB / 512 GB laptop as the seller centre's form sends it, on sale at ₹74,990 (MRP ₹89,990), 5 in stock. */
export function listLaptop(t: TestApp, cookie: string): Promise<OwnProduct> {
  counter += 1;
  return listProduct(t, cookie, {
    brand: 'Lenovo',
    name: `ThinkPad Baner ${counter} ${Date.now().toString(36)} 14-inch`,
    sku: `TPB-${counter}-${Date.now().toString(36)}`,
    model: `21K${counter}`,
    description: 'A 14-inch business laptop with a good keyboard, for offices in Pune that want it to last five years.',
    price: '74,990',
    mrp: '89,990',
    stock: '5',
    warranty: '1 year onsite',
    weightKg: '1.9',
    lengthCm: '38',
    widthCm: '27',
    heightCm: '6',
    processor: 'Intel Core Ultra 5 125U',
    processorFamily: 'Intel Core Ultra 5',
    ramGb: '16',
    storageGb: '512',
    graphics: 'Intel Graphics',
    operatingSystem: 'Windows 11 Pro',
    resolution: '1920x1200',
    resolutionName: 'WUXGA',
    panelType: 'IPS',
    refreshRateHz: '60',
  });
}
