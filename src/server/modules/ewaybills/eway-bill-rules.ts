/**
 * The rules of e-way bills (decision 75), written once: when a consignment needs one, how long it is
 * valid, and when it may be cancelled or extended. Pure functions; the e-way bills module owns them.
 */

/** Rule 138(1), CGST Rules 2017: an e-way bill when the consignment value exceeds ₹50,000 (inter-state). */
export const INTER_STATE_THRESHOLD_PAISE = 50_000_00;

/**
 * States that set a higher limit for movements within the state (rule 138(14)(d) lets a state's
 * Commissioner do so). Every other state and union territory is held to ₹50,000 within the state
 * too — also those that ask for e-way bills within the state only for listed goods (Chhattisgarh,
 * Goa, Gujarat, Himachal Pradesh, Madhya Pradesh, Kerala) or, like Jammu and Kashmir, for none: an
 * e-way bill a seller did not need costs a minute, a missing one the tax and a penalty (rule 138,
 * section 129). One table, with each limit's source; the e-way bills module owns it.
 */
export const INTRA_STATE_THRESHOLDS: Readonly<Record<string, { paise: number; source: string }>> = {
  // Where the state's notification number was not at hand, the source is the compiled state-wise table
  // (cleartax.in/s/state-wise-threshold-limits-e-way-bills, mybillbook.in/s/e-way-bill/eway-bill-limit),
  // with the date the limit applies from; decision 75 lists what is still to be confirmed.
  Maharashtra: { paise: 1_00_000_00, source: 'Maharashtra GST notification, from 1 July 2018 (state-wise tables above)' },
  Delhi: { paise: 1_00_000_00, source: 'Delhi GST: Notification F.3(134)/Policy-GST/2018/1444-54, 31 January 2018' },
  'Tamil Nadu': { paise: 1_00_000_00, source: 'Tamil Nadu GST notification, from 2 June 2018 (state-wise tables above)' },
  'West Bengal': { paise: 1_00_000_00, source: 'West Bengal GST notification (state-wise tables above)' },
  Bihar: { paise: 1_00_000_00, source: 'Bihar GST: Notification S.O. 14, 14 January 2019 (from 21 January 2019)' },
  Punjab: { paise: 1_00_000_00, source: 'Punjab GST notification, from 8 October 2018 (state-wise tables above)' },
  Rajasthan: {
    paise: 1_00_000_00,
    source: 'Rajasthan GST: Notification F.17(131-Pt.-II) ACCT/GST/2017/6672, 30 March 2021 (all goods but chapter 24 and heading 2106)',
  },
  Jharkhand: {
    paise: 1_00_000_00,
    source: 'Jharkhand GST notification, from September 2018, all goods but those it lists (state-wise tables above)',
  },
};

/** The value above which a consignment from `fromState` to `toState` needs an e-way bill, in paise. */
export function thresholdFor(fromState: string, toState: string): number {
  if (fromState !== toState) return INTER_STATE_THRESHOLD_PAISE;
  return INTRA_STATE_THRESHOLDS[fromState]?.paise ?? INTER_STATE_THRESHOLD_PAISE;
}

/** Whether the consignment needs an e-way bill: its value (GST included) exceeds its states' limit. */
export function needsEwayBill(valuePaise: number, fromState: string, toState: string): boolean {
  return valuePaise > thresholdFor(fromState, toState);
}

/** The portal takes distances of 1 to 4,000 km. */
export const MIN_DISTANCE_KM = 1;
export const MAX_DISTANCE_KM = 4000;

/**
 * Rule 138(10) (as amended from 1 January 2021): one day up to 200 km, and one more day for every
 * further 200 km or part of it, for goods other than over-dimensional cargo (which the shop's parcels
 * never are).
 */
export function validityDays(distanceKm: number): number {
  return Math.max(1, Math.ceil(distanceKm / 200));
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The end of an e-way bill's validity: rule 138(10), Explanation 1 counts each day as "the period
 * expiring at midnight of the day immediately following" the date it was generated, so a bill of one
 * day made at 10:00 on the 7th runs to the end of the 8th (India Standard Time). The last second
 * before that midnight is returned, as the portal prints it (23:59).
 */
export function validUntil(generatedAt: Date, distanceKm: number): Date {
  const ist = new Date(generatedAt.getTime() + IST_OFFSET_MS);
  const midnight = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + validityDays(distanceKm) + 1);
  return new Date(midnight - IST_OFFSET_MS - 1000);
}

/** The date in India of a moment, as the portal writes dates: dd/mm/yyyy. */
export function portalDate(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${ist.getUTCFullYear()}`;
}

/** Rule 138(9): an e-way bill may be cancelled within 24 hours of its generation. */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Rule 138(10), proviso: the validity may be extended within eight hours before or after it ends. */
export const EXTEND_WINDOW_MS = 8 * 60 * 60 * 1000;

/** Why an e-way bill may not be cancelled now, or null. */
export function cancelProblem(bill: { generatedAt: Date }, now: Date): string | null {
  return now.getTime() - bill.generatedAt.getTime() > CANCEL_WINDOW_MS
    ? 'An e-way bill can be cancelled only within 24 hours of its generation.'
    : null;
}

/** Why an e-way bill's validity may not be extended now, or null. */
export function extendProblem(bill: { validUntil: Date }, now: Date): string | null {
  const gap = now.getTime() - bill.validUntil.getTime();
  return Math.abs(gap) > EXTEND_WINDOW_MS
    ? 'The validity of an e-way bill can be extended only within 8 hours before or after it ends.'
    : null;
}
