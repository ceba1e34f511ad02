import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import * as repo from './payouts.repo';
import { refundedShare } from './tax-rates';

/** Units of an order line given back to the customer, as the orders module hands them over. */
export interface RefundedUnits {
  orderItemId: string;
  quantity: number;
  /** The product's name as ordered, for the seller's statement ("Refund of 1 × … on order …"). */
  itemName: string;
}

/** What a refund did to a line in its seller's ledger. */
export interface LedgerRefund {
  orderItemId: string;
  vendorId: string;
  /** Units taken off the ledger now. */
  quantity: number;
  /** What the seller is owed less, in paise (positive). */
  netPaise: number;
  /** 'reversed': the line left the ledger before it was paid out; 'deducted': a refund entry takes the units back. */
  how: 'reversed' | 'deducted';
}

/**
 * Takes refunded units of delivered lines off their sellers' ledgers, inside the refund's
 * transaction. A line whose every unit is now refunded, with nothing of it in a payout, leaves the
 * ledger (reversed, as a return's refund does). Otherwise a refund entry takes back those units'
 * share of every figure (`refundedShare`, to the paisa): payable together with its sale entry while
 * that is in no payout (the payout nets them), or at once — into the seller's next weekly payout —
 * when the sale was settled already, since a payout once made is never changed.
 *
 * The line's sale entry is locked first, so refunds of one line take units one after the other and
 * never more than the entry holds. Lines not in the ledger (not delivered yet) are left alone.
 */
export async function deductRefundedUnits(tx: Executor, lines: readonly RefundedUnits[], at = new Date()): Promise<LedgerRefund[]> {
  const done: LedgerRefund[] = [];
  for (const line of lines) {
    const sale = await repo.lockedSaleEntry(tx, line.orderItemId);
    if (!sale || sale.reversedAt) continue;
    const refunds = await repo.refundsOfEntry(tx, sale.id);
    const before = refunds.reduce((n, r) => n - r.quantity, 0);
    const units = Math.min(line.quantity, sale.quantity - before);
    if (units <= 0) continue;

    if (before + units === sale.quantity && sale.payoutId === null && refunds.every((r) => r.payoutId === null)) {
      await repo.reverseEntries(tx, [sale.id, ...refunds.map((r) => r.id)], at);
      const netPaise = sale.netPaise + refunds.reduce((n, r) => n + r.netPaise, 0);
      done.push({ orderItemId: line.orderItemId, vendorId: sale.vendorId, quantity: units, netPaise, how: 'reversed' });
      continue;
    }

    const share = refundedShare(sale, before, units);
    await repo.insertRefundEntry(tx, {
      id: newId('led'),
      kind: 'refund',
      refundOf: sale.id,
      itemName: line.itemName,
      vendorId: sale.vendorId,
      orderId: sale.orderId,
      orderItemId: sale.orderItemId,
      category: sale.category,
      quantity: -share.quantity,
      salePaise: -share.salePaise,
      taxablePaise: -share.taxablePaise,
      commissionRateBp: sale.commissionRateBp,
      commissionPaise: -share.commissionPaise,
      commissionGstPaise: -share.commissionGstPaise,
      tcsPaise: -share.tcsPaise,
      intraState: sale.intraState,
      firstParty: sale.firstParty,
      tdsPaise: -share.tdsPaise,
      netPaise: -share.netPaise,
      deliveredAt: at,
      payableAt: sale.payoutId ? at : sale.payableAt,
    });
    done.push({ orderItemId: line.orderItemId, vendorId: sale.vendorId, quantity: units, netPaise: share.netPaise, how: 'deducted' });
  }
  return done;
}
