/**
 * What the marketplace keeps of a delivered line, and the law each rate comes from (DESIGN §7,
 * decision 15). The rates are in basis points (1% = 100 bp); every amount is integer paise.
 *
 * The rounding rule, one for every figure: each figure is computed from its own base and rounded to
 * the nearest paisa, half a paisa up (`shareOf`). Nothing is computed from a rounded figure except
 * GST on the commission (the commission invoiced is the rounded one). Net is what is left:
 * sale − commission − GST on it − TCS − TDS, so the figures always add up to the sale to the paisa.
 */
export const MARKETPLACE_RATES = {
  /**
   * GST on the marketplace's commission, a service the marketplace supplies to the seller: 18%
   * (9% CGST + 9% SGST, or 18% IGST), Notification 11/2017-Central Tax (Rate), support services.
   */
  commissionGst: { bp: 1800, source: 'GST on services, Notification 11/2017-Central Tax (Rate)' },
  /**
   * TCS under section 52 of the CGST Act 2017: 0.5% of the net taxable value (before GST) of the
   * supplies made through the marketplace, from 10 July 2024 (Notification 15/2024-Central Tax; 1%
   * before). Within a state it is 0.25% CGST + 0.25% SGST, each rounded on its own; across states 0.5% IGST.
   */
  tcs: { bp: 50, halfBp: 25, since: '2024-07-10', source: 'Section 52 of the CGST Act, Notification 15/2024-Central Tax' },
  /**
   * TDS under section 194-O of the Income-tax Act 1961: 0.1% of the gross sale value, from
   * 1 October 2024 (Finance (No. 2) Act 2024; 1% before).
   */
  tds: { bp: 10, since: '2024-10-01', source: 'Section 194-O of the Income-tax Act' },
  /** Section 206AA: 5% instead when the seller has not given a PAN. */
  tdsWithoutPan: { bp: 500, source: 'Section 206AA of the Income-tax Act' },
} as const;

/**
 * `amount × numerator / denominator`, rounded to the nearest paisa, half up — in integers, so no
 * floating-point error decides a paisa. Amounts are non-negative.
 */
export function shareOf(amountPaise: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError(`Not an amount of paise: ${amountPaise}`);
  return Math.floor((2 * amountPaise * numerator + denominator) / (2 * denominator));
}

/** A rate in basis points of an amount, rounded half up to the paisa. */
export const percentOf = (amountPaise: number, bp: number) => shareOf(amountPaise, bp, 10_000);

/** An order line as the ledger reads it: its price after its share of the coupon, and what was cancelled. */
export interface OrderLineFigures {
  quantity: number;
  cancelledQuantity: number;
  /**
   * Units credited before delivery (cancelled, or refunded after shipping), from the order's credit
   * notes; they were given back, so they are not the seller's sale. Cancelled units are among them.
   */
  creditedQuantity?: number;
  lineTotalPaise: number;
  discountPaise: number;
  taxablePaise: number;
}

/** The units of a line the customer keeps at delivery: neither cancelled nor refunded before. */
export const deliveredUnits = (line: OrderLineFigures) => line.quantity - Math.max(line.cancelledQuantity, line.creditedQuantity ?? 0);

/**
 * What the customer paid for the delivered units of a line (GST included, after its share of any
 * coupon) and its value before GST: the whole line, or its share pro rata for the units not
 * cancelled (nor refunded before delivery) — the same share a refund of those units gives back.
 */
export function deliveredValue(line: OrderLineFigures): { quantity: number; salePaise: number; taxablePaise: number } {
  const quantity = deliveredUnits(line);
  return {
    quantity,
    salePaise: shareOf(line.lineTotalPaise - line.discountPaise, quantity, line.quantity),
    taxablePaise: shareOf(line.taxablePaise, quantity, line.quantity),
  };
}

export interface LedgerFigures {
  commissionPaise: number;
  commissionGstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
  netPaise: number;
}

/**
 * Whether a seller is the operator's own store ("first-party", decision 51): its GSTIN is the
 * shop's own. An e-commerce operator collects TCS (section 52 of the CGST Act) and deducts TDS
 * (section 194-O of the Income-tax Act) only on supplies that other suppliers make through its
 * platform, and bills no commission to itself. A GSTIN is one registration, so the comparison is of
 * the 15 characters, ignoring case and spaces around them; a seller or a shop without one is never it.
 */
export function isOwnStore(sellerGstin: string | null | undefined, shopGstin: string | null | undefined): boolean {
  const seller = sellerGstin?.trim().toUpperCase();
  return Boolean(seller) && seller === shopGstin?.trim().toUpperCase();
}

/**
 * A delivered line's ledger figures: commission on the GST-inclusive sale value, GST on the
 * commission, TCS on the value before GST, TDS on the sale value, and what the seller is owed.
 * The operator's own store (`ownStore`, see `isOwnStore`) is charged none of them: its net is its sale.
 */
export function ledgerFigures(line: {
  salePaise: number;
  taxablePaise: number;
  commissionRateBp: number;
  intraState: boolean;
  hasPan: boolean;
  ownStore?: boolean;
}): LedgerFigures {
  if (line.ownStore) {
    return { commissionPaise: 0, commissionGstPaise: 0, tcsPaise: 0, tdsPaise: 0, netPaise: line.salePaise };
  }
  const commissionPaise = percentOf(line.salePaise, line.commissionRateBp);
  const commissionGstPaise = percentOf(commissionPaise, MARKETPLACE_RATES.commissionGst.bp);
  const tcsPaise = line.intraState
    ? 2 * percentOf(line.taxablePaise, MARKETPLACE_RATES.tcs.halfBp)
    : percentOf(line.taxablePaise, MARKETPLACE_RATES.tcs.bp);
  const tdsPaise = percentOf(line.salePaise, line.hasPan ? MARKETPLACE_RATES.tds.bp : MARKETPLACE_RATES.tdsWithoutPan.bp);
  return {
    commissionPaise,
    commissionGstPaise,
    tcsPaise,
    tdsPaise,
    netPaise: line.salePaise - commissionPaise - commissionGstPaise - tcsPaise - tdsPaise,
  };
}

/** Whether a seller has given a PAN: one on file, or the one its GSTIN carries (characters 3 to 12). */
export function hasPan(seller: { pan: string | null; gstin: string | null }): boolean {
  return Boolean(seller.pan) || /^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/.test(seller.gstin ?? '');
}

/** A ledger entry's figures, as a refund of some of its units takes them back. */
export interface EntryFigures extends LedgerFigures {
  quantity: number;
  salePaise: number;
  taxablePaise: number;
  intraState: boolean;
}

/**
 * What refunding `units` more of a delivered entry takes back, when `before` of its units were
 * refunded already: each figure's share for the units refunded so far, less its share before — so
 * the refunds of every unit add up to the entry's figures exactly and no paisa is taken twice. TCS
 * within a state is shared by halves, so its CGST and SGST stay equal. Amounts are positive.
 */
export function refundedShare(entry: EntryFigures, before: number, units: number): Omit<EntryFigures, 'intraState'> {
  if (!Number.isInteger(before) || !Number.isInteger(units) || before < 0 || units < 1 || before + units > entry.quantity) {
    throw new RangeError(`Cannot refund ${units} more of ${entry.quantity} units (${before} refunded)`);
  }
  const upTo = (n: number) => {
    const part = (amount: number) => shareOf(amount, n, entry.quantity);
    const salePaise = part(entry.salePaise);
    const commissionPaise = part(entry.commissionPaise);
    const commissionGstPaise = part(entry.commissionGstPaise);
    const tcsPaise = entry.intraState ? 2 * part(entry.tcsPaise / 2) : part(entry.tcsPaise);
    const tdsPaise = part(entry.tdsPaise);
    return {
      quantity: n,
      salePaise,
      taxablePaise: part(entry.taxablePaise),
      commissionPaise,
      commissionGstPaise,
      tcsPaise,
      tdsPaise,
      netPaise: salePaise - commissionPaise - commissionGstPaise - tcsPaise - tdsPaise,
    };
  };
  const [was, now] = [upTo(before), upTo(before + units)];
  return {
    quantity: units,
    salePaise: now.salePaise - was.salePaise,
    taxablePaise: now.taxablePaise - was.taxablePaise,
    commissionPaise: now.commissionPaise - was.commissionPaise,
    commissionGstPaise: now.commissionGstPaise - was.commissionGstPaise,
    tcsPaise: now.tcsPaise - was.tcsPaise,
    tdsPaise: now.tdsPaise - was.tdsPaise,
    netPaise: now.netPaise - was.netPaise,
  };
}
