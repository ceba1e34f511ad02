import { randomInt } from 'node:crypto';
import { gstinProblem } from '~/shared/gstin';
import type { Executor } from '../../db/client';
import { MAX_DISTANCE_KM, MIN_DISTANCE_KM, validUntil } from './eway-bill-rules';
import {
  EwayBillPortalError,
  type CancelEwayBillRequest,
  type EwayBillProvider,
  type ExtendEwayBillRequest,
  type GenerateEwayBillRequest,
} from './provider';
import * as repo from './test-portal.repo';

const PIN = /^[1-9][0-9]{5}$/;
const HSN = /^[0-9]{4,8}$/;
/** A vehicle number as the portal takes it (KA01AB1234, DL1CAB1234; temporary TR… numbers aside). */
export const VEHICLE_NO = /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/;
const paise = (rupees: number) => Math.round(rupees * 100);

/** The validity a distance gives, from the portal's own clock. */
const CANCEL_MS = 24 * 60 * 60 * 1000;
const EXTEND_MS = 8 * 60 * 60 * 1000;

function fail(code: string, message: string, field?: string): never {
  throw new EwayBillPortalError(code, message, field);
}

function checkGstin(gstin: string, stateCode: number, field: string, urpAllowed: boolean) {
  if (urpAllowed && gstin === 'URP') return;
  if (gstinProblem(gstin) !== null) fail('INVALID_GSTIN', `Invalid GSTIN ${gstin}.`, field);
  if (Number(gstin.slice(0, 2)) !== stateCode) fail('STATE_CODE_MISMATCH', `The state code does not match GSTIN ${gstin}.`, field);
}

/** Checks the request as the portal does before it generates; throws its error. */
export function checkGenerateRequest(r: GenerateEwayBillRequest, now: Date): void {
  checkGstin(r.fromGstin, r.fromStateCode, 'fromGstin', false);
  checkGstin(r.toGstin, r.toStateCode, 'toGstin', true);
  if (!PIN.test(String(r.fromPincode))) fail('INVALID_PINCODE', 'Invalid PIN code of the place of dispatch.', 'fromPincode');
  if (!PIN.test(String(r.toPincode))) fail('INVALID_PINCODE', 'Invalid PIN code of the place of delivery.', 'toPincode');
  if (!/^[A-Za-z0-9/-]{1,16}$/.test(r.docNo)) fail('INVALID_DOC_NO', 'Invalid document number.', 'docNo');
  const [dd, mm, yyyy] = r.docDate.split('/').map(Number);
  const docDay = Date.UTC(yyyy!, mm! - 1, dd!);
  if (!dd || !mm || !yyyy || Number.isNaN(docDay)) fail('INVALID_DOC_DATE', 'Invalid document date.', 'docDate');
  if (docDay - 5.5 * 3600_000 > now.getTime()) fail('FUTURE_DOC_DATE', 'The document date cannot be a future date.', 'docDate');
  if (!Number.isInteger(r.transDistance) || r.transDistance < MIN_DISTANCE_KM || r.transDistance > MAX_DISTANCE_KM)
    fail('INVALID_DISTANCE', `The distance must be between ${MIN_DISTANCE_KM} and ${MAX_DISTANCE_KM} km.`, 'transDistance');
  if (r.itemList.length === 0) fail('NO_ITEMS', 'An e-way bill needs at least one item.', 'itemList');
  for (const item of r.itemList) {
    if (!HSN.test(String(item.hsnCode))) fail('INVALID_HSN', `Invalid HSN code ${item.hsnCode}.`, 'hsnCode');
    if (item.taxableAmount < 0 || item.quantity <= 0) fail('INVALID_ITEM', 'Item values must be positive.', 'itemList');
  }
  const inter = r.fromStateCode !== r.toStateCode;
  if (inter && (r.cgstValue > 0 || r.sgstValue > 0))
    fail('TAX_TYPE', 'An inter-state supply carries IGST, not CGST and SGST.', 'igstValue');
  if (!inter && r.igstValue > 0) fail('TAX_TYPE', 'A supply within the state carries CGST and SGST, not IGST.', 'cgstValue');
  const taxable = r.itemList.reduce((n, i) => n + paise(i.taxableAmount), 0);
  if (Math.abs(taxable - paise(r.totalValue)) > 100)
    fail('VALUES_DO_NOT_ADD_UP', 'The total taxable value does not match the taxable values of the items.', 'totalValue');
  const total = paise(r.totalValue) + paise(r.cgstValue) + paise(r.sgstValue) + paise(r.igstValue) + paise(r.cessValue);
  if (Math.abs(total - paise(r.totInvValue)) > 100)
    fail('VALUES_DO_NOT_ADD_UP', 'The total invoice value does not match the taxable value and the taxes.', 'totInvValue');
  if (r.transMode === '1' && !r.vehicleNo && !r.transporterId)
    fail('NO_PART_B', 'Give the vehicle number or the transporter id.', 'vehicleNo');
  if (r.vehicleNo && !VEHICLE_NO.test(r.vehicleNo)) fail('INVALID_VEHICLE_NO', 'Invalid vehicle number format.', 'vehicleNo');
  if (r.transporterId && gstinProblem(r.transporterId) !== null) fail('INVALID_TRANSPORTER_ID', 'Invalid transporter id.', 'transporterId');
}

/**
 * The built-in test e-way bill service (decision 75): it behaves like the portal — validates the
 * request, refuses a second live bill for the same supplier and document, numbers bills with 12 digits,
 * dates their validity by distance (rule 138(10)), cancels within 24 hours and extends within 8 hours
 * of the end — and keeps its own records (`eway_portal_bills`), as the test payment gateway does.
 */
export function createTestEwayBillService(): EwayBillProvider {
  return {
    name: 'test',

    async generate(request, now, tx: Executor) {
      checkGenerateRequest(request, now);
      if (await repo.activeForDocument(tx, request.fromGstin, request.docType, request.docNo)) {
        fail('DUPLICATE_DOCUMENT', 'An e-way bill is already generated for this document number: it cannot be generated again.', 'docNo');
      }
      const validUpto = validUntil(now, request.transDistance);
      for (;;) {
        const ewayBillNo = String(randomInt(1, 10)) + String(randomInt(0, 100_000_000_000)).padStart(11, '0');
        const inserted = await repo.insertPortalBill(tx, {
          ewbNo: ewayBillNo,
          fromGstin: request.fromGstin,
          docType: request.docType,
          docNo: request.docNo,
          generatedAt: now,
          validUntil: validUpto,
          request: request as unknown as Record<string, unknown>,
        });
        if (inserted) return { ewayBillNo, ewayBillDate: now, validUpto };
      }
    },

    async extend(request: ExtendEwayBillRequest, now, tx) {
      const bill = await repo.portalBill(tx, request.ewbNo);
      if (!bill || bill.status !== 'active') fail('NOT_FOUND', 'This e-way bill does not exist or is cancelled.');
      if (Math.abs(now.getTime() - bill.validUntil.getTime()) > EXTEND_MS)
        fail('EXTENSION_WINDOW', 'The validity of an e-way bill can be extended only within 8 hours before or after it ends.');
      if (!PIN.test(String(request.fromPincode))) fail('INVALID_PINCODE', 'Invalid PIN code of the current place.', 'fromPincode');
      if (!Number.isInteger(request.remainingDistance) || request.remainingDistance < 1 || request.remainingDistance > MAX_DISTANCE_KM)
        fail('INVALID_DISTANCE', `The remaining distance must be between 1 and ${MAX_DISTANCE_KM} km.`, 'remainingDistance');
      const validUpto = validUntil(now, request.remainingDistance);
      await repo.updatePortalBill(tx, bill.ewbNo, { validUntil: validUpto });
      return { validUpto };
    },

    async cancel(request: CancelEwayBillRequest, now, tx) {
      const bill = await repo.portalBill(tx, request.ewbNo);
      if (!bill || bill.status !== 'active') fail('NOT_FOUND', 'This e-way bill does not exist or is cancelled already.');
      if (now.getTime() - bill.generatedAt.getTime() > CANCEL_MS)
        fail('CANCEL_WINDOW', 'An e-way bill can be cancelled only within 24 hours of its generation.');
      await repo.updatePortalBill(tx, bill.ewbNo, { status: 'cancelled', cancelledAt: now });
      return { cancelDate: now };
    },
  };
}
