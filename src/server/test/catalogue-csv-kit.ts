import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import type { ProductImportDetail } from '~/shared/schemas/product-imports';
import { until } from './job-worker-kit';
import { json, type TestApp } from './test-app';

/** A valid CSV row of a monitor (the template's columns), with any column overridden. */
export function monitorRow(sku: string, overrides: Record<string, string> = {}) {
  return {
    sku,
    category: 'Monitor',
    brand: 'Acer',
    name: `Acer Nitro Lumenbay ${sku} 27 QHD 180 Hz`,
    description: 'A 27-inch QHD gaming monitor with a fast IPS panel, two HDMI ports and a height-adjustable stand.',
    price: '21,499',
    mrp: '32,999',
    hsn_code: '85285200',
    gst_rate: '18',
    stock: '12',
    warranty: '3 years',
    warranty_months: '36',
    weight_kg: '6.8',
    length_cm: '72',
    width_cm: '20',
    height_cm: '48',
    status: 'active',
    screen_size_in: '27',
    resolution: '2560 x 1440',
    resolution_name: 'QHD',
    panel_type: 'IPS',
    refresh_rate_hz: '180',
    ports: 'HDMI 2.0; HDMI 2.0; DisplayPort 1.2',
    country_of_origin: 'China',
    manufacturer_or_importer: 'Acer India Pvt Ltd',
    manufacturer_or_importer_address: 'Embassy Heights, Magrath Road, Bengaluru, Karnataka 560025',
    ...overrides,
  };
}

/**
 * A valid CSV row of one configuration of a laptop (RAM and storage are its options, decision 70), with the
 * product key `ideapad-x` unless overridden, and any column overridden.
 */
export function laptopRow(sku: string, ramGb: string, storageGb: string, overrides: Record<string, string> = {}) {
  return {
    product_key: 'ideapad-x',
    sku,
    option1_name: 'RAM',
    option1_value: `${ramGb} GB`,
    option2_name: 'Storage',
    option2_value: `${storageGb} GB SSD`,
    category: 'Laptop',
    brand: 'Lenovo',
    name: 'Lenovo IdeaPad X Core i5 15',
    description: 'A light 15.6-inch laptop for office work and study, with a backlit keyboard and a Full HD screen.',
    price: '52,990',
    mrp: '71,990',
    hsn_code: '84713010',
    gst_rate: '18',
    stock: '10',
    warranty: '1 year',
    warranty_months: '12',
    weight_kg: '2.4',
    length_cm: '45',
    width_cm: '32',
    height_cm: '9',
    status: 'active',
    ean: '',
    dispatch_days: '1',
    condition: 'new',
    grade: '',
    processor: 'Intel Core i5-12450H',
    processor_family: 'Intel Core i5',
    ram_gb: ramGb,
    storage_gb: storageGb,
    storage_type: 'SSD',
    graphics: 'Intel UHD Graphics',
    operating_system: 'Windows 11 Home',
    screen_size_in: '15.6',
    resolution: '1920 x 1080',
    resolution_name: 'Full HD',
    country_of_origin: 'India',
    manufacturer_or_importer: 'Lenovo (India) Pvt Ltd',
    manufacturer_or_importer_address: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
    ...overrides,
  };
}

export const csvOf = (rows: Record<string, string>[]) => stringify(rows, { header: true });

/** Sends a CSV as the seller centre does (the body is the file). */
export function sendCsv(t: TestApp, url: string, csv: string, cookie: string) {
  return t.app.inject({ method: 'POST', url, payload: csv, headers: { cookie, 'content-type': 'text/csv' } });
}

/** Uploads a CSV for import and returns the queued import (the answer must be 202). */
export async function queueImport(t: TestApp, csv: string, cookie: string, fileName = 'products.csv'): Promise<ProductImportDetail> {
  const res = await sendCsv(t, `/api/vendor/products/import?fileName=${encodeURIComponent(fileName)}`, csv, cookie);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().import as ProductImportDetail;
}

/** The import as its vendor sees it. */
export async function importOf(t: TestApp, id: string, cookie: string): Promise<ProductImportDetail> {
  const res = await json(t.app, 'GET', `/api/vendor/products/imports/${id}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().import as ProductImportDetail;
}

/** Waits until the import is done or failed (a worker must be running) and returns it. */
export function finishedImport(t: TestApp, id: string, cookie: string, ms = 30_000): Promise<ProductImportDetail> {
  return until(async () => {
    const found = await importOf(t, id, cookie);
    return found.status === 'done' || found.status === 'failed' ? found : undefined;
  }, ms);
}
