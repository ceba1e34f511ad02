import { describe, expect, it } from 'vitest';
import { BENGALURU_BUYER, laptopInput, laptopInvoice, MUMBAI_BUYER, PUNE_SUPPLIER } from '../../test/einvoice-kit';
import { irnRequired } from './applicability';
import { einvoiceInputFromDocument } from './einvoice-input';
import { computeIrn, financialYear } from './irn';
import { buildIrpInvoice, rupees } from './irp-json';
import { schemaProblems, validateIrpInvoice } from './validate-irp-invoice';

const paise = (rupeeAmount: number) => Math.round(rupeeAmount * 100);

describe('the IRP JSON of a B2B invoice', () => {
  it('turns paise into rupees exactly, two decimals at most', () => {
    expect(rupees(123456)).toBe(1234.56);
    expect(rupees(100)).toBe(1);
    expect(rupees(5)).toBe(0.05);
    expect(rupees(1)).toBe(0.01);
    expect(rupees(-99)).toBe(-0.99);
    expect(JSON.stringify({ v: rupees(33050847) })).toBe('{"v":330508.47}');
    expect(() => rupees(10.5)).toThrow(/whole paise/);
  });

  it('carries the document, the parties and every item as the portal asks, and validates against the schema', () => {
    const json = buildIrpInvoice(laptopInput({ number: 'PTH/26/00042' }));
    expect(json.Version).toBe('1.1');
    expect(json.TranDtls).toEqual({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' });
    expect(json.DocDtls).toEqual({ Typ: 'INV', No: 'PTH/26/00042', Dt: '07/12/2026' });
    expect(json.SellerDtls).toMatchObject({ Gstin: PUNE_SUPPLIER.gstin, LglNm: 'Pune Tech Hub Private Limited', Pin: 411030, Stcd: '27' });
    expect(json.BuyerDtls).toMatchObject({ Gstin: BENGALURU_BUYER.gstin, Pos: '29', Pin: 560095, Stcd: '29' });
    expect(json.ItemList.map((i) => [i.SlNo, i.IsServc, i.HsnCd, i.Qty, i.Unit, i.GstRt])).toEqual([
      ['1', 'N', '84713010', 5, 'NOS', 18],
      ['2', 'N', '85285200', 1, 'NOS', 18],
    ]);
    expect(validateIrpInvoice(json)).toEqual([]);
  });

  it('charges IGST across states, CGST and SGST within one, and its totals add up to the paisa', () => {
    const across = buildIrpInvoice(laptopInput());
    // ₹3,90,000 of laptops: taxable ₹3,30,508.47, IGST ₹59,491.53.
    expect(across.ItemList[0]).toMatchObject({
      TotAmt: 330508.47,
      AssAmt: 330508.47,
      IgstAmt: 59491.53,
      CgstAmt: 0,
      SgstAmt: 0,
      TotItemVal: 390000,
    });
    expect(across.ItemList[0]!.UnitPrice).toBe(66101.69);
    expect(across.ValDtls.TotInvVal).toBe(404999);
    const sum = (pick: (i: (typeof across.ItemList)[number]) => number) => across.ItemList.reduce((s, i) => s + paise(pick(i)), 0);
    expect(sum((i) => i.AssAmt)).toBe(paise(across.ValDtls.AssVal));
    expect(sum((i) => i.IgstAmt)).toBe(paise(across.ValDtls.IgstVal));
    expect(sum((i) => i.TotItemVal)).toBe(paise(across.ValDtls.TotInvVal));

    const within = buildIrpInvoice(laptopInput({ buyer: MUMBAI_BUYER }));
    const monitor = within.ItemList[1]!;
    // ₹14,999 monitor: taxable ₹12,711.02, GST ₹2,287.98 split ₹1,143.99 + ₹1,143.99.
    expect(monitor).toMatchObject({ AssAmt: 12711.02, IgstAmt: 0, CgstAmt: 1143.99, SgstAmt: 1143.99, TotItemVal: 14999 });
    expect(paise(within.ValDtls.CgstVal) + paise(within.ValDtls.SgstVal) + paise(within.ValDtls.AssVal)).toBe(
      paise(within.ValDtls.TotInvVal),
    );
    expect(validateIrpInvoice(within)).toEqual([]);
  });

  it('gives an odd paisa of GST to CGST so the halves still add up', () => {
    const input = einvoiceInputFromDocument(
      laptopInvoice({
        buyer: MUMBAI_BUYER,
        lines: [
          { description: 'USB-C charger 65 W', hsn: '85044030', quantity: 1, totalPaise: 1_999_00, gstRatePercent: 18, taxPaise: 30493 },
        ],
      }),
    );
    expect(input.items[0]).toMatchObject({ cgstPaise: 15247, sgstPaise: 15246, taxablePaise: 169407 });
    expect(validateIrpInvoice(buildIrpInvoice(input))).toEqual([]);
  });

  it('names each attribute a broken input gets wrong, by its path', () => {
    const input = laptopInput({ number: '0/BAD NUMBER WITH SPACES' });
    input.supplier = { ...input.supplier, pinCode: '4110', stateCode: '' };
    input.items[0] = { ...input.items[0]!, hsn: '84AB', unit: 'N' };
    const problems = schemaProblems(buildIrpInvoice(input));
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/DocDtls/No', '/SellerDtls/Pin', '/SellerDtls/Stcd', '/ItemList/0/HsnCd', '/ItemList/0/Unit']),
    );
    expect(problems.every((p) => p.code === '2140')).toBe(true);
    expect(problems.find((p) => p.path === '/ItemList/0/HsnCd')!.message).toMatch(/HsnCd/);

    const { ItemList: _items, ...withoutItems } = buildIrpInvoice(laptopInput());
    expect(schemaProblems(withoutItems)).toEqual([{ code: '2140', path: '/ItemList', message: '/: ItemList is required' }]);
    expect(schemaProblems({ ...buildIrpInvoice(laptopInput()), Extra: 1 })[0]!.message).toMatch(/Extra is not an attribute/);
  });

  it('finds what the portal refuses beyond the schema: a wrong GSTIN, tax of the wrong kind, totals that do not add up', () => {
    const json = buildIrpInvoice(laptopInput());
    const wrong = structuredClone(json);
    wrong.BuyerDtls.Gstin = `${BENGALURU_BUYER.gstin.slice(0, 14)}${BENGALURU_BUYER.gstin.endsWith('A') ? 'B' : 'A'}`;
    wrong.ItemList[0]!.CgstAmt = 10;
    wrong.ValDtls.AssVal = 1;
    wrong.ValDtls.TotInvVal = 1;
    expect(validateIrpInvoice(wrong).map((p) => p.code)).toEqual(['3028', '2173', '2182', '2189']);
  });
});

describe('the IRN and whether one is required', () => {
  it('is the SHA-256 of the GSTIN, financial year, type and number, as the IRP makes it', () => {
    expect(financialYear('2026-12-07')).toBe('2026-27');
    expect(financialYear('2027-03-31')).toBe('2026-27');
    expect(financialYear('2027-04-01')).toBe('2027-28');
    const irn = computeIrn({
      supplierGstin: '27AABCP1234C1ZX',
      documentType: 'INV',
      documentNumber: 'pth/26/1',
      documentDate: '2026-12-07',
    });
    expect(irn).toMatch(/^[0-9a-f]{64}$/);
    expect(irn).toBe(
      computeIrn({ supplierGstin: '27AABCP1234C1ZX', documentType: 'INV', documentNumber: 'PTH/26/1', documentDate: '2027-01-15' }),
    );
    expect(irn).not.toBe(
      computeIrn({ supplierGstin: '27AABCP1234C1ZX', documentType: 'CRN', documentNumber: 'PTH/26/1', documentDate: '2026-12-07' }),
    );
  });

  it('is required from the date the supplier recorded, never when it recorded none', () => {
    expect(irnRequired(null, '2026-12-07')).toBe(false);
    expect(irnRequired('2026-12-01', '2026-11-30')).toBe(false);
    expect(irnRequired('2026-12-01', '2026-12-01')).toBe(true);
    expect(irnRequired('2026-12-01', '2027-01-10')).toBe(true);
  });
});
