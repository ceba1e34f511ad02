/**
 * What the marketplace keeps of a delivered line, with the law each rate comes from (DESIGN §7).
 * Every amount is integer paise, each figure rounded half up to the paisa on its own.
 */
export const MARKETPLACE_RATES = {
  /** GST on the marketplace's commission (a service, SAC 9985): 18%. */
  commissionGstBp: 1800,
  /**
   * TCS under section 52 of the CGST Act: 0.5% of the net taxable value of supplies made through the
   * marketplace, from 10 July 2024 (Notification 15/2024-Central Tax): 0.25% CGST + 0.25% SGST within
   * a state, 0.5% IGST across states.
   */
  tcsBp: 50,
  /** TDS under section 194-O of the Income-tax Act: 0.1% of the gross sale value, from 1 October 2024. */
  tdsBp: 10,
  /** Section 206AA: 5% when the seller has given no PAN. */
  tdsWithoutPanBp: 500,
} as const;

const part = (amountPaise: number, bp: number) => Math.round((amountPaise * bp) / 10_000);

/** A delivered line's ledger figures: commission on the GST-inclusive sale, GST on it, TCS, TDS and what the seller is owed. */
export function ledgerFigures(line: { salePaise: number; taxablePaise: number; commissionRateBp: number; hasPan: boolean }) {
  const commissionPaise = part(line.salePaise, line.commissionRateBp);
  const commissionGstPaise = part(commissionPaise, MARKETPLACE_RATES.commissionGstBp);
  const tcsPaise = part(line.taxablePaise, MARKETPLACE_RATES.tcsBp);
  const tdsPaise = part(line.salePaise, line.hasPan ? MARKETPLACE_RATES.tdsBp : MARKETPLACE_RATES.tdsWithoutPanBp);
  return {
    commissionPaise,
    commissionGstPaise,
    tcsPaise,
    tdsPaise,
    netPaise: line.salePaise - commissionPaise - commissionGstPaise - tcsPaise - tdsPaise,
  };
}
