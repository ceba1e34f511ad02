import type { EInvoiceInput, EInvoiceParty } from './einvoice-input';

/**
 * The e-invoice as the Invoice Registration Portal takes it: schema INV-01, version 1.1 (notified
 * by the CBIC, published on einvoice1.gst.gov.in), the parts the shop uses. Amounts are rupees with
 * at most two decimals, dates dd/mm/yyyy, PIN codes numbers.
 */
export interface IrpParty {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
  Em?: string;
}

export interface IrpItem {
  SlNo: string;
  PrdDesc?: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  CesRt: number;
  CesAmt: number;
  OthChrg: number;
  TotItemVal: number;
}

export interface IrpInvoice {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'Y' | 'N'; IgstOnIntra: 'Y' | 'N' };
  DocDtls: { Typ: 'INV' | 'CRN' | 'DBN'; No: string; Dt: string };
  SellerDtls: IrpParty;
  BuyerDtls: IrpParty & { Pos: string };
  ItemList: IrpItem[];
  ValDtls: {
    AssVal: number;
    CgstVal: number;
    SgstVal: number;
    IgstVal: number;
    CesVal: number;
    StCesVal: number;
    Discount: number;
    OthChrg: number;
    RndOffAmt: number;
    TotInvVal: number;
  };
}

/**
 * Paise as the portal's rupees: the integer's last two digits become the decimals, so the number
 * JSON prints is the exact decimal (123456 → 1234.56, 100 → 1), never a float's approximation.
 */
export function rupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new TypeError(`An amount must be whole paise, not ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return Number(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** YYYY-MM-DD as the portal's dd/mm/yyyy. */
export function portalDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new TypeError(`A document date must be YYYY-MM-DD, not ${isoDate}`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** A PIN code as the portal's number (NaN when it is not one, which the schema then refuses). */
const pin = (code: string) => (/^\d{6}$/.test(code) ? Number(code) : Number.NaN);

function party(p: EInvoiceParty): IrpParty {
  return {
    Gstin: p.gstin,
    LglNm: p.legalName,
    ...(p.tradeName ? { TrdNm: p.tradeName } : {}),
    Addr1: p.address1,
    ...(p.address2 ? { Addr2: p.address2 } : {}),
    Loc: p.location,
    Pin: pin(p.pinCode),
    Stcd: p.stateCode,
    ...(p.phone ? { Ph: p.phone.replace(/\D/g, '').slice(-12) } : {}),
    ...(p.email ? { Em: p.email } : {}),
  };
}

/**
 * The IRP JSON of a B2B invoice or credit note. Every amount is the input's integer paise turned
 * into rupees once; each item's value (TotItemVal) and the totals are added in paise first, so they
 * add up exactly. The input is not checked here: `validateIrpInvoice` says what the portal would refuse.
 */
export function buildIrpInvoice(input: EInvoiceInput): IrpInvoice {
  const items = input.items.map((item, index): IrpItem => {
    const itemValuePaise = item.taxablePaise + item.igstPaise + item.cgstPaise + item.sgstPaise;
    return {
      SlNo: String(index + 1),
      PrdDesc: item.description.slice(0, 300),
      IsServc: item.isService ? 'Y' : 'N',
      HsnCd: item.hsn,
      Qty: item.quantity,
      Unit: item.unit,
      UnitPrice: rupees(item.unitPricePaise),
      TotAmt: rupees(item.grossPaise),
      Discount: rupees(item.discountPaise ?? 0),
      AssAmt: rupees(item.taxablePaise),
      GstRt: item.gstRatePercent,
      IgstAmt: rupees(item.igstPaise),
      CgstAmt: rupees(item.cgstPaise),
      SgstAmt: rupees(item.sgstPaise),
      CesRt: 0,
      CesAmt: 0,
      OthChrg: 0,
      TotItemVal: rupees(itemValuePaise),
    };
  });
  const t = input.totals;
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: input.document.type, No: input.document.number, Dt: portalDate(input.document.date) },
    SellerDtls: party(input.supplier),
    BuyerDtls: { ...party(input.buyer), Pos: input.buyer.placeOfSupplyStateCode },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(t.taxablePaise),
      CgstVal: rupees(t.cgstPaise),
      SgstVal: rupees(t.sgstPaise),
      IgstVal: rupees(t.igstPaise),
      CesVal: 0,
      StCesVal: 0,
      Discount: 0,
      OthChrg: rupees(t.otherChargesPaise ?? 0),
      RndOffAmt: rupees(t.roundOffPaise ?? 0),
      TotInvVal: rupees(t.invoicePaise),
    },
  };
}
