import { formatPaise } from '~/shared/money';
import { gstCodeOfState } from '~/shared/india';
import { invoiceNumberOf } from '~/shared/orders';
import {
  CANCEL_REASONS,
  EXTEND_REASONS,
  type CancelEwayBill,
  type EwayBill,
  type EwayBillState,
  type ExtendEwayBill,
  type GenerateEwayBill,
} from '~/shared/schemas/eway-bills';
import type { VendorOrderDetail } from '~/shared/schemas/vendor-orders';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import { cancelProblem, extendProblem, needsEwayBill, portalDate, thresholdFor } from './eway-bill-rules';
import { EwayBillPortalError, type EwayBillProvider, type GenerateEwayBillRequest } from './provider';
import * as repo from './ewaybills.repo';

/** Where a seller's parcels leave from (its profile), as the vendors module gives it. */
export interface DispatchFrom {
  businessName: string;
  gstin: string | null;
  pickupCity: string;
  pickupState: string;
  pickupPinCode: string;
}

/** The recipient's GSTIN for Part A: a registered business buyer's GSTIN (decision 71), or URP (unregistered person). */
export function recipientGstin(order: VendorOrderDetail): string {
  return order.business?.gstin ?? 'URP';
}

/** The invoice's date: when the order was confirmed (paid, or placed with cash on delivery). */
function invoiceDate(order: VendorOrderDetail): Date {
  const placed = order.timeline.find((e) => e.kind === 'placed');
  return new Date(placed?.at ?? order.orderDate);
}

const rupees = (paise: number) => Math.round(paise) / 100;

function toView(row: repo.EwayBillRow, now: Date, shipped: boolean): EwayBill {
  return {
    ewbNo: row.ewbNo,
    status: row.status as EwayBill['status'],
    generatedAt: row.generatedAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    expired: row.validUntil.getTime() < now.getTime(),
    docNo: row.docNo,
    docDate: row.docDate,
    fromGstin: row.fromGstin,
    toGstin: row.toGstin,
    fromPinCode: row.fromPinCode,
    toPinCode: row.toPinCode,
    valuePaise: row.valuePaise,
    distanceKm: row.distanceKm,
    transMode: row.transMode as EwayBill['transMode'],
    vehicleNo: row.vehicleNo,
    transporterId: row.transporterId,
    extensions: row.extensions.map((e) => ({
      at: e.at,
      reason: `${EXTEND_REASONS[e.reasonCode as keyof typeof EXTEND_REASONS] ?? 'Other'}: ${e.remarks}`,
      remainingDistanceKm: e.remainingDistanceKm,
      validUntil: e.validUntil,
    })),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReasonCode
      ? `${CANCEL_REASONS[row.cancelReasonCode as keyof typeof CANCEL_REASONS] ?? 'Other'}: ${row.cancelRemarks ?? ''}`
      : null,
    canCancel: row.status === 'active' && !shipped && cancelProblem(row, now) === null,
    canExtend: row.status === 'active' && extendProblem(row, now) === null,
  };
}

/** The portal's error as the shop's: the seller reads the portal's message, on the field it names. */
function portalError(error: unknown): never {
  if (error instanceof EwayBillPortalError) {
    throw new AppError('UNPROCESSABLE', `The e-way bill system refused: ${error.message}`, {
      ...(error.field ? { fields: { [error.field]: error.message } } : {}),
    });
  }
  throw error;
}

/**
 * What the orders read of the e-way bills (built before the orders' service, so the orders import
 * nothing of this module): which of a seller's parcels still need one, and the live bill of a parcel for
 * its packing slip.
 */
export function createEwayBillReads(deps: { db: Database }) {
  const { db } = deps;
  /** Parcels of the seller not shipped whose value needs an e-way bill and that have no live one (or only an expired one). */
  async function needing(vendorId: string, orderIds?: readonly string[], now = new Date()) {
    const waiting = await repo.waitingConsignments(db, vendorId, orderIds);
    return waiting
      .filter((w) => needsEwayBill(w.valuePaise, w.sellerState, w.deliveryState))
      .filter((w) => !w.validUntil || w.validUntil.getTime() < now.getTime())
      .map((w) => w.orderId);
  }
  return {
    /** The seller's orders whose parcel still needs an e-way bill before it ships. */
    neededOrderIds: (vendorId: string) => needing(vendorId),
    /** Of these orders, those whose parcel still needs one. */
    needingOf: async (vendorId: string, orderIds: readonly string[]) => new Set(orderIds.length ? await needing(vendorId, orderIds) : []),
    /** The live e-way bill of the seller's parcel (number and validity), for the packing slip and the shipment. */
    async activeOf(vendorId: string, orderId: string): Promise<{ ewbNo: string; validUntil: Date } | null> {
      const row = await repo.activeBill(db, orderId, vendorId);
      return row ? { ewbNo: row.ewbNo, validUntil: row.validUntil } : null;
    },
  };
}
export type EwayBillReads = ReturnType<typeof createEwayBillReads>;

/**
 * E-way bills (decision 75): whether a seller's parcel needs one (rule 138 and the states' limits), its
 * generation through the e-way bill provider with Part A from the invoice and Part B the conveyance,
 * its extension and cancellation by the rules, and the check the flow `ship-order` makes before a parcel
 * leaves. Writes its own table and the audit log only.
 */
export function createEwayBillsService(deps: {
  db: Database;
  provider: EwayBillProvider;
  audit: Pick<AuditService, 'record'>;
  /** The seller's view of one of its orders (NOT_FOUND for another seller's): the orders' read. */
  vendorOrder: (vendorId: string, orderId: string) => Promise<VendorOrderDetail>;
  /** Where the seller dispatches from: the vendors' read. */
  dispatchFrom: (vendorId: string) => Promise<DispatchFrom>;
}) {
  const { db, provider, audit, vendorOrder, dispatchFrom } = deps;

  async function consignment(executor: Executor, orderId: string, vendorId: string) {
    const found = await repo.consignmentOf(executor, orderId, vendorId);
    if (!found) throw new AppError('NOT_FOUND', 'We could not find your items in this order.');
    const fromState = found.lines[0]!.sellerState;
    const valuePaise = found.lines.reduce((n, l) => n + l.valuePaise, 0);
    const thresholdPaise = thresholdFor(fromState, found.deliveryState);
    return { ...found, fromState, toState: found.deliveryState, valuePaise, thresholdPaise, required: valuePaise > thresholdPaise };
  }

  /** Part A and B as the portal takes them, from the seller's order, its lines and its profile. */
  function buildRequest(
    order: VendorOrderDetail,
    parcel: Awaited<ReturnType<typeof consignment>>,
    from: DispatchFrom & { gstin: string },
    input: GenerateEwayBill,
  ): GenerateEwayBillRequest {
    const inter = parcel.fromState !== parcel.toState;
    let cgst = 0;
    let sgst = 0;
    let igst = 0;
    const itemList = parcel.lines.map((l) => {
      const tax = l.valuePaise - l.taxablePaise;
      const rate = l.gstRateBp / 100;
      if (inter) igst += tax;
      else {
        cgst += Math.floor(tax / 2);
        sgst += tax - Math.floor(tax / 2);
      }
      return {
        productName: l.name.slice(0, 100),
        productDesc: l.name.slice(0, 100),
        hsnCode: Number(l.hsnCode),
        quantity: l.openQuantity,
        qtyUnit: 'NOS',
        taxableAmount: rupees(l.taxablePaise),
        cgstRate: inter ? 0 : rate / 2,
        sgstRate: inter ? 0 : rate / 2,
        igstRate: inter ? rate : 0,
        cessRate: 0,
      };
    });
    const taxable = parcel.lines.reduce((n, l) => n + l.taxablePaise, 0);
    const toStateCode = Number(gstCodeOfState(parcel.toState) ?? 0);
    const toGstin = recipientGstin(order);
    return {
      supplyType: 'O',
      subSupplyType: '1',
      docType: 'INV',
      docNo: invoiceNumberOf(order.orderNumber).slice(0, 16),
      docDate: portalDate(invoiceDate(order)),
      fromGstin: from.gstin,
      fromTrdName: from.businessName.slice(0, 100),
      fromPlace: from.pickupCity,
      fromPincode: Number(from.pickupPinCode),
      fromStateCode: Number(from.gstin.slice(0, 2)),
      actFromStateCode: Number(gstCodeOfState(from.pickupState) ?? from.gstin.slice(0, 2)),
      toGstin,
      toTrdName: (order.business?.legalName ?? order.deliverTo.fullName).slice(0, 100),
      toPlace: order.deliverTo.city,
      toPincode: Number(order.deliverTo.pinCode),
      toStateCode: toGstin === 'URP' ? toStateCode : Number(toGstin.slice(0, 2)),
      actToStateCode: toStateCode,
      transactionType: 1,
      totalValue: rupees(taxable),
      cgstValue: rupees(cgst),
      sgstValue: rupees(sgst),
      igstValue: rupees(igst),
      cessValue: 0,
      totInvValue: rupees(parcel.valuePaise),
      transMode: input.transMode,
      transDistance: input.distanceKm,
      ...(input.transporterId ? { transporterId: input.transporterId } : {}),
      ...(input.transporterName ? { transporterName: input.transporterName } : {}),
      ...(input.vehicleNo ? { vehicleNo: input.vehicleNo, vehicleType: 'R' as const } : {}),
      itemList,
    };
  }

  async function state(vendorId: string, orderId: string, now = new Date()): Promise<EwayBillState> {
    const order = await vendorOrder(vendorId, orderId);
    const [parcel, from, bills] = await Promise.all([
      consignment(db, orderId, vendorId),
      dispatchFrom(vendorId),
      repo.billsOf(db, orderId, vendorId),
    ]);
    const active = bills.find((b) => b.status === 'active') ?? null;
    const problem = parcel.shipped
      ? null
      : !from.gstin
        ? 'Add your GSTIN to your business details: an e-way bill is generated under the supplier’s GSTIN.'
        : !parcel.awaiting
          ? `An order that is ${parcel.status.replace('_', ' ')} does not ship.`
          : null;
    return {
      required: parcel.required,
      valuePaise: parcel.valuePaise,
      thresholdPaise: parcel.thresholdPaise,
      fromState: parcel.fromState,
      toState: parcel.toState,
      interState: parcel.fromState !== parcel.toState,
      shipped: parcel.shipped,
      bill: active ? toView(active, now, parcel.shipped) : null,
      cancelled: bills.filter((b) => b.status === 'cancelled').map((b) => toView(b, now, parcel.shipped)),
      partA: {
        docNo: invoiceNumberOf(order.orderNumber),
        docDate: portalDate(invoiceDate(order)),
        fromGstin: from.gstin,
        fromPinCode: from.pickupPinCode,
        toGstin: recipientGstin(order),
        toPinCode: order.deliverTo.pinCode,
        items: parcel.lines.map((l) => ({
          name: l.name,
          hsnCode: l.hsnCode,
          quantity: l.openQuantity,
          taxablePaise: l.taxablePaise,
          gstRatePercent: l.gstRateBp / 100,
        })),
      },
      problem,
    };
  }

  return {
    /** Whether the seller's parcel of the order needs an e-way bill, Part A as it would be, and its bills. */
    state,

    /**
     * Generates the e-way bill of the seller's parcel: one live bill per parcel (two requests at once
     * make one; the second answers CONFLICT), only before it ships, under the seller's GSTIN.
     */
    async generate(vendorId: string, userId: string, orderId: string, input: GenerateEwayBill, now = new Date()): Promise<EwayBillState> {
      const order = await vendorOrder(vendorId, orderId);
      const from = await dispatchFrom(vendorId);
      const gstin = from.gstin;
      if (!gstin) {
        throw new AppError(
          'UNPROCESSABLE',
          'Add your GSTIN to your business details: an e-way bill is generated under the supplier’s GSTIN.',
        );
      }
      await db.transaction(async (tx) => {
        await repo.lockParcel(tx, orderId, vendorId);
        const parcel = await consignment(tx, orderId, vendorId);
        if (parcel.shipped) throw new AppError('CONFLICT', 'Your items of this order have been shipped already.');
        if (!parcel.awaiting) throw new AppError('CONFLICT', `An order that is ${parcel.status.replace('_', ' ')} does not ship.`);
        const live = await repo.activeBill(tx, orderId, vendorId);
        if (live) throw new AppError('CONFLICT', `This parcel has e-way bill ${live.ewbNo} already: cancel it first to generate another.`);
        const request = buildRequest(order, parcel, { ...from, gstin }, input);
        const made = await provider.generate(request, now, tx).catch(portalError);
        await repo.insertBill(tx, {
          id: newId('ewb'),
          orderId,
          vendorId,
          ewbNo: made.ewayBillNo,
          provider: provider.name,
          docNo: request.docNo,
          docDate: request.docDate,
          fromGstin: request.fromGstin,
          toGstin: request.toGstin,
          fromPinCode: String(request.fromPincode),
          toPinCode: String(request.toPincode),
          fromState: parcel.fromState,
          toState: parcel.toState,
          valuePaise: parcel.valuePaise,
          distanceKm: input.distanceKm,
          transMode: input.transMode,
          vehicleNo: input.vehicleNo ?? null,
          transporterId: input.transporterId ?? null,
          request: request as unknown as Record<string, unknown>,
          generatedAt: made.ewayBillDate,
          validUntil: made.validUpto,
          generatedBy: userId,
        });
        await audit.record(tx, {
          action: 'order.eway_bill_generate',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `E-way bill ${made.ewayBillNo} for order ${parcel.orderNumber}, ${formatPaise(parcel.valuePaise)} to ${parcel.toState}`,
          after: { ewbNo: made.ewayBillNo, validUntil: made.validUpto, distanceKm: input.distanceKm },
        });
      });
      return state(vendorId, orderId, now);
    },

    /** Extends the live bill's validity by the remaining distance, within 8 hours before or after it ends. */
    async extend(vendorId: string, orderId: string, input: ExtendEwayBill, now = new Date()): Promise<EwayBillState> {
      await vendorOrder(vendorId, orderId);
      await db.transaction(async (tx) => {
        await repo.lockParcel(tx, orderId, vendorId);
        const bill = await repo.activeBill(tx, orderId, vendorId);
        if (!bill) throw new AppError('CONFLICT', 'This parcel has no e-way bill to extend.');
        const problem = extendProblem(bill, now);
        if (problem) throw new AppError('CONFLICT', problem);
        const from = await dispatchFrom(vendorId);
        const answer = await provider
          .extend(
            {
              ewbNo: bill.ewbNo,
              ...(input.vehicleNo ? { vehicleNo: input.vehicleNo } : {}),
              fromPlace: from.pickupCity,
              fromPincode: Number(input.fromPinCode),
              fromStateCode: Number(bill.fromGstin.slice(0, 2)),
              remainingDistance: input.remainingDistanceKm,
              extnRsnCode: input.reasonCode,
              extnRemarks: input.remarks,
              consignmentStatus: 'M',
            },
            now,
            tx,
          )
          .catch(portalError);
        const extension = {
          at: now.toISOString(),
          reasonCode: input.reasonCode,
          remarks: input.remarks,
          remainingDistanceKm: input.remainingDistanceKm,
          fromPinCode: input.fromPinCode,
          validUntil: answer.validUpto.toISOString(),
        };
        await repo.updateBill(tx, bill.id, {
          validUntil: answer.validUpto,
          extensions: [...bill.extensions, extension],
          ...(input.vehicleNo ? { vehicleNo: input.vehicleNo } : {}),
        });
        await audit.record(tx, {
          action: 'order.eway_bill_extend',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `E-way bill ${bill.ewbNo} extended to ${answer.validUpto.toISOString()}: ${input.remarks}`,
          before: { validUntil: bill.validUntil },
          after: { validUntil: answer.validUpto },
        });
      });
      return state(vendorId, orderId, now);
    },

    /** Cancels the live bill: within 24 hours of its generation, and only while the parcel has not shipped. */
    async cancel(vendorId: string, orderId: string, input: CancelEwayBill, now = new Date()): Promise<EwayBillState> {
      await vendorOrder(vendorId, orderId);
      await db.transaction(async (tx) => {
        await repo.lockParcel(tx, orderId, vendorId);
        const bill = await repo.activeBill(tx, orderId, vendorId);
        if (!bill) throw new AppError('CONFLICT', 'This parcel has no e-way bill to cancel.');
        if (await repo.hasShipped(tx, orderId, vendorId)) {
          throw new AppError('CONFLICT', 'The parcel has shipped with this e-way bill: it can no longer be cancelled.');
        }
        const problem = cancelProblem(bill, now);
        if (problem) throw new AppError('CONFLICT', problem);
        await provider
          .cancel({ ewbNo: bill.ewbNo, cancelRsnCode: input.reasonCode, cancelRmrk: input.remarks }, now, tx)
          .catch(portalError);
        await repo.updateBill(tx, bill.id, {
          status: 'cancelled',
          cancelledAt: now,
          cancelReasonCode: input.reasonCode,
          cancelRemarks: input.remarks,
        });
        await audit.record(tx, {
          action: 'order.eway_bill_cancel',
          entityType: 'order',
          entityId: orderId,
          vendorId,
          summary: `E-way bill ${bill.ewbNo} cancelled: ${input.remarks}`,
          before: { ewbNo: bill.ewbNo, status: 'active' },
          after: { status: 'cancelled' },
        });
      });
      return state(vendorId, orderId, now);
    },

    /**
     * The check of the flow `ship-order`, in its transaction: a parcel whose value exceeds its states'
     * limit leaves only with a live e-way bill still valid. UNPROCESSABLE says what is missing.
     */
    async checkReadyToShip(tx: Executor, orderId: string, vendorId: string, now = new Date()): Promise<void> {
      const found = await repo.consignmentOf(tx, orderId, vendorId);
      if (!found) return;
      const fromState = found.lines[0]!.sellerState;
      const valuePaise = found.lines.reduce((n, l) => n + l.valuePaise, 0);
      if (!needsEwayBill(valuePaise, fromState, found.deliveryState)) return;
      const bill = await repo.activeBill(tx, orderId, vendorId);
      if (!bill) {
        throw new AppError(
          'UNPROCESSABLE',
          `This shipment of ${formatPaise(valuePaise)} to ${found.deliveryState} needs an e-way bill before it ships.`,
        );
      }
      if (bill.validUntil.getTime() < now.getTime()) {
        throw new AppError('UNPROCESSABLE', `E-way bill ${bill.ewbNo} is no longer valid: extend it before the shipment leaves.`);
      }
    },

    /** Every seller's e-way bills of an order, for the back office's order page. */
    async ofOrder(orderId: string, now = new Date()) {
      const [bills, sellers] = await Promise.all([repo.billsOf(db, orderId), repo.sellerNamesOf(db, orderId)]);
      const shipped = new Map<string, boolean>();
      for (const b of bills) if (!shipped.has(b.vendorId)) shipped.set(b.vendorId, await repo.hasShipped(db, orderId, b.vendorId));
      return {
        items: bills.map((b) => ({
          ...toView(b, now, shipped.get(b.vendorId) ?? false),
          vendorId: b.vendorId,
          sellerName: sellers.get(b.vendorId) ?? '',
        })),
      };
    },
  };
}

export type EwayBillsService = ReturnType<typeof createEwayBillsService>;
