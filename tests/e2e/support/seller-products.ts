import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A 24-inch monitor a seller lists through its own API (`seller` holds the seller's session), at
 * ₹8,499 (MRP ₹11,000); `overrides` change any field of the seller centre's form. Returns its id.
 */
export async function listMonitor(seller: APIRequestContext, brand: string, name: string, overrides: Record<string, unknown> = {}) {
  const created = await seller.post('/api/vendor/products', {
    data: {
      category: 'Monitor',
      brand,
      name,
      description: 'A 24-inch Full HD IPS monitor at 100 Hz for the office, with a thin bezel and a tilt stand.',
      price: '8,499',
      mrp: '11,000',
      hsnCode: '85285200',
      gstRatePercent: 18,
      stock: '6',
      warranty: '1 year onsite',
      warrantyMonths: '12',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '3.5',
      lengthCm: '60',
      widthCm: '12',
      heightCm: '40',
      status: 'active',
      screenSizeIn: '24',
      resolution: '1920 x 1080',
      resolutionName: 'Full HD',
      panelType: 'IPS',
      refreshRateHz: '100',
      ports: 'HDMI; VGA',
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { product: { id: string } }).product.id;
}
