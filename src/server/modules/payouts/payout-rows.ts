import type { LedgerEntry, Payout } from '~/shared/schemas/payouts';
import type * as repo from './payouts.repo';
import type { OrderLineFigures } from './tax-rates';

/** An order line of one seller, delivered, as the orders module hands it over (inside its transaction). */
export interface DeliveredLine extends OrderLineFigures {
  orderItemId: string;
  category: string;
  /** Seller and customer in the same state: TCS is CGST + SGST, otherwise IGST. */
  intraState: boolean;
}

/** A vendor's bank account for payouts, whole: only the admin's bank file carries the number. */
export interface PayoutBankAccount {
  holderName: string;
  number: string;
  ifsc: string;
}

/** Paise as rupees with two decimals and no grouping (1234567 → "12345.67"), as bank upload files want them. */
export const rupeesForBank = (paise: number) => `${Math.trunc(paise / 100)}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;

export const toPayout = (p: repo.PayoutRow): Payout => ({
  id: p.id,
  periodStart: p.periodStart,
  periodEnd: p.periodEnd,
  entries: p.entries,
  salePaise: p.salePaise,
  commissionPaise: p.commissionPaise,
  commissionGstPaise: p.commissionGstPaise,
  tcsPaise: p.tcsPaise,
  tdsPaise: p.tdsPaise,
  courierChargePaise: p.courierChargePaise,
  netPaise: p.netPaise,
  status: p.status as Payout['status'],
  bankReference: p.bankReference,
  paidAt: p.paidAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
});

export const toEntry = (r: repo.EntryRow): LedgerEntry => ({
  id: r.id,
  orderId: r.order_id,
  orderNumber: r.order_number,
  category: r.category,
  quantity: r.quantity,
  salePaise: r.sale_paise,
  taxablePaise: r.taxable_paise,
  commissionRateBp: r.commission_rate_bp,
  commissionPaise: r.commission_paise,
  commissionGstPaise: r.commission_gst_paise,
  tcsPaise: r.tcs_paise,
  tdsPaise: r.tds_paise,
  courierChargePaise: r.courier_charge_paise,
  courierChargeGstPaise: r.courier_charge_gst_paise,
  netPaise: r.net_paise,
  couponSharePaise: r.coupon_share_paise,
  intraState: r.intra_state,
  deliveredAt: new Date(r.delivered_at).toISOString(),
  payableAt: new Date(r.payable_at).toISOString(),
  state: r.state,
  kind: r.kind,
  description:
    r.kind === 'refund'
      ? `Refund of ${-r.quantity} × ${r.item_name ?? r.category} on order ${r.order_number}`
      : r.kind === 'courier'
        ? `${r.item_name ?? 'Courier charge'} for order ${r.order_number}`
        : `${r.quantity} × ${r.category}`,
  payoutId: r.payout_id,
  reversedAt: r.reversed_at ? new Date(r.reversed_at).toISOString() : null,
});
