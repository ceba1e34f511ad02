import type { Database, Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import { deductRefundedUnits, type RefundedUnits } from './payout-refunds';
import type { DeliveredLine } from './payout-rows';
import * as repo from './payouts.repo';
import type { SellerTerms } from './seller-terms';
import { settlementWeek } from './settlement-week';
import { deliveredUnits, deliveredValue, ledgerFigures, shareOf } from './tax-rates';

const DAY_MS = 86_400_000;

/** The ledger's writes: delivered lines recorded, returned lines reversed, refunded units deducted, the weekly settlement. */
export function createPayoutLedger(deps: { db: Database; terms: Pick<SellerTerms, 'commissionOf' | 'sellerTerms'> }) {
  const { db } = deps;
  const { commissionOf, sellerTerms } = deps.terms;

  return {
    /**
     * Records a seller's delivered lines of an order in its ledger, inside the orders module's
     * transaction: the units not cancelled, at the commission rate of today (the vendor's plan's rate
     * for the category when it has one, else the category's). The shop's own store (its GSTIN is the
     * shop's today) is judged here, once: its lines carry no commission, TCS or TDS and stay so
     * whatever GSTIN the shop has later (decision 51). A line is recorded once. The order's return window runs from its last seller's delivery, so every entry
     * of the order not paid out waits until `deliveredAt` + the order's return window at least.
     */
    async recordDelivered(
      tx: Executor,
      input: { vendorId: string; orderId: string; deliveredAt: Date; returnWindowDays: number; lines: readonly DeliveredLine[] },
    ) {
      const payableAt = new Date(input.deliveredAt.getTime() + input.returnWindowDays * DAY_MS);
      const lines = input.lines.filter((l) => deliveredUnits(l) > 0);
      if (lines.length > 0) {
        // One after the other: inside a transaction, both run on one connection.
        const commission = await commissionOf(tx, input.vendorId);
        const { hasPan: panGiven, ownStore } = await sellerTerms(tx, input.vendorId);
        await repo.insertEntries(
          tx,
          lines.map((line) => {
            const value = deliveredValue(line);
            // Admins set a rate for every category; one without a rate is charged no commission.
            const commissionRateBp = ownStore ? 0 : (commission.get(line.category) ?? 0);
            return {
              id: newId('led'),
              vendorId: input.vendorId,
              orderId: input.orderId,
              orderItemId: line.orderItemId,
              category: line.category,
              ...value,
              commissionRateBp,
              intraState: line.intraState,
              firstParty: ownStore,
              ...ledgerFigures({ ...value, commissionRateBp, intraState: line.intraState, hasPan: panGiven, ownStore }),
              deliveredAt: input.deliveredAt,
              payableAt,
            };
          }),
        );
      }
      await repo.holdOrderUntil(tx, input.orderId, payableAt);
    },

    /**
     * A courier shipment's charge to the seller (decision 81), inside the booking's transaction: a ledger line of
     * the order whose net is minus the charge (GST at 18% included, and shown), deducted from the seller's next
     * weekly payout. A shipment is charged once. For a cash-on-delivery parcel, the seller's lines of the order
     * also wait for the courier's remittance of its cash (`releaseCodCash`).
     */
    async recordCourierShipment(
      tx: Executor,
      input: {
        vendorId: string;
        orderId: string;
        courierShipmentId: string;
        courierName: string;
        awb: string;
        chargePaise: number;
        cashOnDelivery: boolean;
        at: Date;
      },
    ): Promise<void> {
      const beforeGst = shareOf(input.chargePaise, 100, 118);
      await repo.insertCourierCharge(tx, {
        id: newId('led'),
        vendorId: input.vendorId,
        orderId: input.orderId,
        orderItemId: null,
        kind: 'courier',
        courierShipmentId: input.courierShipmentId,
        itemName: `Courier charge: ${input.courierName}, AWB ${input.awb}`,
        category: 'Courier',
        quantity: 0,
        salePaise: 0,
        taxablePaise: 0,
        commissionRateBp: 0,
        commissionPaise: 0,
        commissionGstPaise: 0,
        tcsPaise: 0,
        tdsPaise: 0,
        intraState: true,
        courierChargePaise: input.chargePaise,
        courierChargeGstPaise: input.chargePaise - beforeGst,
        netPaise: -input.chargePaise,
        deliveredAt: input.at,
        payableAt: input.at,
      });
      if (input.cashOnDelivery) await repo.holdForCodCash(tx, input.orderId, input.vendorId, input.at);
    },

    /** The courier remitted these parcels' cash (inside the remittance's transaction): their sellers' lines may be paid. */
    releaseCodCash: (tx: Executor, parcels: readonly { orderId: string; vendorId: string }[], at = new Date()) =>
      repo.releaseCodCash(tx, parcels, at),

    /** Lines returned and refunded before they were paid out leave the ledger (inside the refund's transaction). */
    reverse: (tx: Executor, orderItemIds: readonly string[], at = new Date()) => repo.reverse(tx, orderItemIds, at),

    /**
     * Units of delivered lines refunded (an admin's refund of chosen units), inside the refund's
     * transaction: the seller is owed less for exactly those units — in the payout that pays the
     * line, or in its next one when that was made already (see `deductRefundedUnits`).
     */
    refundUnits: (tx: Executor, lines: readonly RefundedUnits[], at = new Date()) => deductRefundedUnits(tx, lines, at),

    /**
     * The weekly settlement of the last week that has ended (Monday to Sunday, India time): each
     * vendor's payable entries become one payout, each vendor in its own transaction. Running it
     * again, or twice at once, makes nothing twice.
     */
    async settle(now = new Date()): Promise<{ periodStart: string; payouts: number; entries: number }> {
      const week = settlementWeek(now);
      let made = 0;
      let entries = 0;
      for (const vendorId of await repo.vendorsToSettle(db, week.endsBefore)) {
        const settled = await db.transaction((tx) => repo.settleVendor(tx, { vendorId, payoutId: newId('po'), ...week }));
        if (settled > 0) {
          made += 1;
          entries += settled;
        }
      }
      return { periodStart: week.periodStart, payouts: made, entries };
    },
  };
}
