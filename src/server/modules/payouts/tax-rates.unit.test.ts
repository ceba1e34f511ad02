import { describe, expect, it } from 'vitest';
import { deliveredValue, hasPan, isOwnStore, ledgerFigures, MARKETPLACE_RATES, percentOf, refundedShare, shareOf } from './tax-rates';

describe('the rates in force', () => {
  it('are the law of DESIGN §7: GST 18% on commission, TCS 0.5% (0.25% + 0.25%), TDS 0.1% or 5% without PAN', () => {
    expect(MARKETPLACE_RATES.commissionGst.bp).toBe(1800);
    expect(MARKETPLACE_RATES.tcs).toMatchObject({ bp: 50, halfBp: 25, since: '2024-07-10' });
    expect(MARKETPLACE_RATES.tcs.source).toContain('Notification 15/2024-Central Tax');
    expect(MARKETPLACE_RATES.tds).toMatchObject({ bp: 10, since: '2024-10-01' });
    expect(MARKETPLACE_RATES.tds.source).toContain('194-O');
    expect(MARKETPLACE_RATES.tdsWithoutPan.bp).toBe(500);
  });
});

describe('the rounding rule: to the nearest paisa, half a paisa up, in integers', () => {
  it('rounds half up and everything else to the nearest paisa', () => {
    expect(percentOf(100, 50)).toBe(1); // 0.5 paisa → 1
    expect(percentOf(99, 50)).toBe(0); // 0.495 → 0
    expect(percentOf(300, 50)).toBe(2); // 1.5 → 2
    expect(percentOf(1_234_567, 10)).toBe(1235); // 1234.567 → 1235
    expect(percentOf(1_234_500, 10)).toBe(1235); // 1234.5 → 1235
    expect(percentOf(1_234_499, 10)).toBe(1234);
  });

  it('is exact where floating point is not (1.005 × 100 is 100.49999… in binary)', () => {
    expect(shareOf(201, 1, 2)).toBe(101);
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(shareOf(1005, 1, 10)).toBe(101);
  });

  it('refuses what is not an amount of paise', () => {
    expect(() => percentOf(10.5, 10)).toThrow(RangeError);
    expect(() => percentOf(-1, 10)).toThrow(RangeError);
  });
});

describe('the value delivered of a line', () => {
  it('is the line after its coupon share, pro rata for the units not cancelled', () => {
    const line = { quantity: 3, cancelledQuantity: 1, lineTotalPaise: 3 * 54_990_00, discountPaise: 2_000_00, taxablePaise: 13_811_86_4 };
    expect(deliveredValue(line)).toEqual({
      quantity: 2,
      salePaise: shareOf(3 * 54_990_00 - 2_000_00, 2, 3), // 1,08,646.67 → 10864667
      taxablePaise: shareOf(13_811_86_4, 2, 3),
    });
    expect(deliveredValue(line).salePaise).toBe(108_646_67);
    expect(deliveredValue({ ...line, cancelledQuantity: 0 }).salePaise).toBe(3 * 54_990_00 - 2_000_00);
  });
});

describe('a delivered line’s ledger figures', () => {
  // A ₹54,990 laptop (GST 18% inside: taxable ₹46,601.69), Laptop commission 5%, seller and customer in Maharashtra.
  const laptop = { salePaise: 54_990_00, taxablePaise: 46_601_69, commissionRateBp: 500, intraState: true, hasPan: true };

  it('takes commission on the GST-inclusive sale, 18% GST on it, TCS on the value before GST and TDS on the sale', () => {
    expect(ledgerFigures(laptop)).toEqual({
      commissionPaise: 2_749_50, // 5% of ₹54,990
      commissionGstPaise: 494_91, // 18% of ₹2,749.50 = ₹494.91
      tcsPaise: 2 * 116_50, // 0.25% CGST + 0.25% SGST of ₹46,601.69, each ₹116.50 (116.504…)
      tdsPaise: 54_99, // 0.1% of ₹54,990
      netPaise: 54_990_00 - 2_749_50 - 494_91 - 233_00 - 54_99,
    });
  });

  it('charges TCS as 0.5% IGST across states, rounded once', () => {
    expect(ledgerFigures({ ...laptop, intraState: false }).tcsPaise).toBe(233_01); // 233.0084… → 233.01
  });

  it('rounds the CGST and SGST halves each on its own, so they can differ from one IGST figure by a paisa', () => {
    const line = { ...laptop, taxablePaise: 100_200 }; // 0.25% = 250.5 → 251 twice; 0.5% = 501
    expect(ledgerFigures(line).tcsPaise).toBe(502);
    expect(ledgerFigures({ ...line, intraState: false }).tcsPaise).toBe(501);
  });

  it('deducts 5% TDS from a seller without a PAN', () => {
    expect(ledgerFigures({ ...laptop, hasPan: false }).tdsPaise).toBe(2_749_50);
  });

  it('always adds up: sale = commission + GST + TCS + TDS + net, to the paisa', () => {
    for (let sale = 1; sale < 200_000_00; sale = sale * 3 + 7) {
      for (const commissionRateBp of [0, 500, 600, 700, 5000]) {
        const f = ledgerFigures({
          salePaise: sale,
          taxablePaise: shareOf(sale, 10_000, 11_800),
          commissionRateBp,
          intraState: sale % 2 === 0,
          hasPan: true,
        });
        expect(f.commissionPaise + f.commissionGstPaise + f.tcsPaise + f.tdsPaise + f.netPaise).toBe(sale);
        expect(Object.values(f).every(Number.isInteger)).toBe(true);
      }
    }
  });
});

describe('whether a seller has given a PAN', () => {
  it('takes the PAN on file, or the one a GSTIN carries', () => {
    expect(hasPan({ pan: 'AABCP1234C', gstin: null })).toBe(true);
    expect(hasPan({ pan: null, gstin: '27AABCP1234C1Z0' })).toBe(true);
    expect(hasPan({ pan: null, gstin: null })).toBe(false);
    expect(hasPan({ pan: null, gstin: 'not a gstin' })).toBe(false);
  });
});

describe('a refund of some units of a delivered line', () => {
  const sale = 9_999_901; // three units of ₹33,333.00 and a paisa over, after a coupon
  const entry = {
    quantity: 3,
    salePaise: sale,
    taxablePaise: 8_474_492,
    intraState: true,
    ...ledgerFigures({ salePaise: sale, taxablePaise: 8_474_492, commissionRateBp: 500, intraState: true, hasPan: true }),
  };

  it('takes back each figure in proportion, and every unit refunded one by one adds up to the line exactly', () => {
    const parts = [refundedShare(entry, 0, 1), refundedShare(entry, 1, 1), refundedShare(entry, 2, 1)];
    expect(parts[0]!.salePaise).toBe(shareOf(sale, 1, 3));
    for (const k of [
      'quantity',
      'salePaise',
      'taxablePaise',
      'commissionPaise',
      'commissionGstPaise',
      'tcsPaise',
      'tdsPaise',
      'netPaise',
    ] as const) {
      expect(
        parts.reduce((n, p) => n + p[k], 0),
        k,
      ).toBe(entry[k]);
    }
    for (const p of parts) {
      expect(p.salePaise - p.commissionPaise - p.commissionGstPaise - p.tcsPaise - p.tdsPaise).toBe(p.netPaise);
      // CGST and SGST halves of TCS stay equal.
      expect(p.tcsPaise % 2).toBe(0);
    }
    // Two units at once take what one and then another take.
    const two = refundedShare(entry, 0, 2);
    expect(two.netPaise).toBe(parts[0]!.netPaise + parts[1]!.netPaise);
  });

  it('refuses more units than are left', () => {
    expect(() => refundedShare(entry, 2, 2)).toThrow(RangeError);
    expect(() => refundedShare(entry, 0, 0)).toThrow(RangeError);
  });

  it('leaves units credited before delivery out of the sale', () => {
    const line = {
      quantity: 2,
      cancelledQuantity: 0,
      creditedQuantity: 1,
      lineTotalPaise: 200_001,
      discountPaise: 1,
      taxablePaise: 169_492,
    };
    expect(deliveredValue(line)).toEqual({ quantity: 1, salePaise: 100_000, taxablePaise: 84_746 });
  });
});

describe("the operator's own store (decision 51)", () => {
  it('is the seller whose GSTIN is the shop’s, whatever the case or spaces around it; a seller or shop without one never is', () => {
    expect(isOwnStore('27AAUFS4821K1ZK', '27AAUFS4821K1ZK')).toBe(true);
    expect(isOwnStore(' 27aaufs4821k1zk ', '27AAUFS4821K1ZK')).toBe(true);
    expect(isOwnStore('27AABCP1234C1Z0', '27AAUFS4821K1ZK')).toBe(false);
    expect(isOwnStore(null, '27AAUFS4821K1ZK')).toBe(false);
    expect(isOwnStore('', '')).toBe(false);
    expect(isOwnStore(null, null)).toBe(false);
  });

  it('is charged no commission, GST on it, TCS or TDS: its net is its sale, even without a PAN', () => {
    const line = { salePaise: 1_18_000_00, taxablePaise: 1_00_000_00, commissionRateBp: 500, intraState: true, hasPan: false };
    expect(ledgerFigures({ ...line, ownStore: true })).toEqual({
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      netPaise: 1_18_000_00,
    });
    // Another seller's same line: 5% commission, 18% GST on it, 0.5% TCS, 5% TDS without a PAN.
    expect(ledgerFigures({ ...line, ownStore: false })).toEqual({
      commissionPaise: 5_900_00,
      commissionGstPaise: 1_062_00,
      tcsPaise: 500_00,
      tdsPaise: 5_900_00,
      netPaise: 1_18_000_00 - 5_900_00 - 1_062_00 - 500_00 - 5_900_00,
    });
  });
});
