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
