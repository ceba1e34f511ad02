import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OwnProduct } from '~/shared/schemas/vendor-products';
import { orderItems, orders } from '../db/schema/orders';
import { payments } from '../db/schema/payments';
import { newId } from '../lib/ids';
import { signUpVendor } from './accounts-kit';
import { json, type TestApp } from './test-app';

let counter = 0;

/** A complete laptop as the seller centre's form sends it (on sale unless told otherwise). */
export function laptopForm(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    category: 'Laptop',
    brand: 'Zenbook',
    name: `Zenbook Reviewline ${counter} Core Ultra 7 32 GB`,
    sku: `RV-${counter}-${Date.now()}`,
    model: `UX35-R${counter}-${Date.now() % 100_000}`,
    description: 'A light 14-inch OLED laptop for consultants who travel between Pune and Mumbai every week.',
    price: '89,990',
    mrp: '1,09,990',
    hsnCode: '84713010',
    gstRatePercent: 18,
    stock: '7',
    warranty: '1 year onsite warranty',
    warrantyMonths: '12',
    originCountry: 'China',
    makerName: 'Lenovo (India) Pvt Ltd',
    makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
    weightKg: '2.1',
    lengthCm: '42',
    widthCm: '30',
    heightCm: '8',
    status: 'active',
    processor: 'Intel Core Ultra 7 155H',
    processorFamily: 'Intel Core Ultra 7',
    ramGb: '32',
    storageGb: '1024',
    storageType: 'SSD',
    graphics: 'Intel Arc',
    operatingSystem: 'Windows 11 Home',
    screenSizeIn: '14',
    resolution: '2880x1800',
    resolutionName: '2.8K',
    panelType: 'OLED',
    refreshRateHz: '120',
    extraSpecs: [],
    ...overrides,
  };
}

/** A seller registered, verified and approved by the admin, trusted or not (decision 70). */
export async function approvedSeller(t: TestApp, admin: string, businessName: string, options: { trusted?: boolean } = {}) {
  const seller = await signUpVendor(t, businessName);
  const decided = await json(t.app, 'POST', `/api/admin/vendors/${seller.vendorId}/decision`, { decision: 'approve' }, admin);
  expect(decided.statusCode, decided.body).toBe(200);
  if (options.trusted) {
    const trusted = await json(t.app, 'PUT', `/api/admin/vendors/${seller.vendorId}/trust`, { trusted: true }, admin);
    expect(trusted.statusCode, trusted.body).toBe(200);
  }
  return seller;
}

/** A product the seller lists through the seller centre's API. */
export async function listProduct(t: TestApp, cookie: string, overrides: Record<string, unknown> = {}): Promise<OwnProduct> {
  const res = await json(t.app, 'POST', '/api/vendor/products', laptopForm(overrides), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { product: OwnProduct }).product;
}

/** A delivered order of one product for the customer, put straight into the database (checkout is not under test). */
export async function deliveredOrder(t: TestApp, userId: string, productId: string): Promise<string> {
  const db = t.services.database.db;
  const { rows } = await db.execute<{
    vendor_id: string;
    name: string;
    brand: string;
    category: string;
    hsn_code: string;
    price_paise: number;
    mrp_paise: number;
  }>(sql`select vendor_id, name, brand, category, hsn_code, price_paise, mrp_paise from products where id = ${productId}`);
  const p = rows[0]!;
  const orderId = newId('ord');
  const gst = Math.round((p.price_paise * 18) / 118);
  const half = Math.floor(gst / 2);
  await db.insert(orders).values({
    id: orderId,
    userId,
    status: 'delivered',
    paymentMethod: 'upi',
    deliveryOption: 'standard',
    address: {
      fullName: 'Priya Kulkarni',
      mobile: '9822045678',
      line1: '12 Karve Road',
      line2: null,
      city: 'Pune',
      state: 'Maharashtra',
      pinCode: '411038',
    },
    subtotalPaise: p.price_paise,
    discountPaise: 0,
    shippingPaise: 0,
    totalPaise: p.price_paise,
    gstPaise: gst,
    cgstPaise: gst - half,
    sgstPaise: half,
    igstPaise: 0,
    idempotencyKey: newId('idem'),
    requestHash: 'test',
    deliveredAt: new Date(),
  });
  await db.insert(orderItems).values({
    id: newId('oit'),
    orderId,
    productId,
    variantId: productId,
    offerId: productId,
    vendorId: p.vendor_id,
    name: p.name,
    brand: p.brand,
    category: p.category,
    hsnCode: p.hsn_code,
    quantity: 1,
    unitPricePaise: p.price_paise,
    mrpPaise: p.mrp_paise,
    lineTotalPaise: p.price_paise,
    taxablePaise: p.price_paise - gst,
    gstRateBp: 1800,
    cgstPaise: gst - half,
    sgstPaise: half,
    igstPaise: 0,
    sellerName: 'Deccan Laptops LLP',
    sellerState: 'Maharashtra',
    position: 0,
  });
  await db
    .insert(payments)
    .values({ id: newId('pay'), orderId, provider: 'test-gateway', method: 'upi', amountPaise: p.price_paise, status: 'captured' });
  return orderId;
}
