/**
 * What the shop knows of a B2B invoice or credit note, in its own terms (integer paise, ISO dates),
 * from which the IRP JSON is built (decision 76). The einvoices module reads no order: the caller
 * (the B2B invoice's flow) gives it this.
 */

export type EInvoiceDocumentType = 'INV' | 'CRN';

export interface EInvoiceParty {
  gstin: string;
  legalName: string;
  tradeName?: string;
  address1: string;
  address2?: string;
  /** The city or town. */
  location: string;
  /** 6-digit PIN code. */
  pinCode: string;
  /** The GST state code, two digits ("27" for Maharashtra). */
  stateCode: string;
  phone?: string;
  email?: string;
}

export interface EInvoiceBuyer extends EInvoiceParty {
  /** The place of supply's GST state code. */
  placeOfSupplyStateCode: string;
}

export interface EInvoiceItem {
  description: string;
  hsn: string;
  /** Goods unless true (a delivery charge billed as a line is a service, SAC 9965). */
  isService?: boolean;
  quantity: number;
  /** The Unique Quantity Code: NOS for pieces. */
  unit: string;
  /** The price of one unit before GST, in paise. */
  unitPricePaise: number;
  /** The gross amount of the line before discount and GST (TotAmt), in paise. */
  grossPaise: number;
  discountPaise?: number;
  /** The taxable value (AssAmt): gross less discount. */
  taxablePaise: number;
  /** The GST rate in percent: 0, 5, 12, 18, 28… */
  gstRatePercent: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

export interface EInvoiceInput {
  supplier: EInvoiceParty;
  buyer: EInvoiceBuyer;
  document: {
    type: EInvoiceDocumentType;
    number: string;
    /** The document's date, YYYY-MM-DD (India). */
    date: string;
  };
  items: EInvoiceItem[];
  totals: {
    taxablePaise: number;
    igstPaise: number;
    cgstPaise: number;
    sgstPaise: number;
    /** Charges outside the items (OthChrg), 0 by default. */
    otherChargesPaise?: number;
    roundOffPaise?: number;
    /** The invoice's total: items' values with tax, other charges and round-off. */
    invoicePaise: number;
  };
}

/** A line as the orders and returns keep it: GST-inclusive money in paise and the GST within it. */
export interface DocumentLineShape {
  description: string;
  hsn: string;
  quantity: number;
  /** What the buyer pays for the line, GST included, after any discount. */
  totalPaise: number;
  gstRatePercent: number;
  /** The GST part of `totalPaise`. */
  taxPaise: number;
  isService?: boolean;
}

/** An order's B2B invoice or a credit note, as the lead's flow holds it after the business buyer is known. */
export interface DocumentShape {
  type: EInvoiceDocumentType;
  number: string;
  date: string;
  supplier: EInvoiceParty;
  buyer: EInvoiceBuyer;
  lines: DocumentLineShape[];
}

/** Splits a line's GST as its places make it: IGST across states, CGST and SGST (the odd paisa to CGST) within one. */
export function splitGst(taxPaise: number, interState: boolean): { igstPaise: number; cgstPaise: number; sgstPaise: number } {
  if (interState) return { igstPaise: taxPaise, cgstPaise: 0, sgstPaise: 0 };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { igstPaise: 0, cgstPaise: taxPaise - sgstPaise, sgstPaise };
}

/**
 * The e-invoice input of an order's invoice or a credit note: each line's taxable value is its
 * GST-inclusive total less its GST, the unit price that value over the quantity (to the paisa), and
 * the tax is IGST when the supplier's state is not the place of supply. Totals are the sums of the
 * lines, so they add up to the paisa.
 */
export function einvoiceInputFromDocument(doc: DocumentShape): EInvoiceInput {
  const interState = doc.supplier.stateCode !== doc.buyer.placeOfSupplyStateCode;
  const items: EInvoiceItem[] = doc.lines.map((line) => {
    const taxablePaise = line.totalPaise - line.taxPaise;
    return {
      description: line.description,
      hsn: line.hsn,
      isService: line.isService ?? false,
      quantity: line.quantity,
      unit: line.isService ? 'OTH' : 'NOS',
      unitPricePaise: Math.round(taxablePaise / line.quantity),
      grossPaise: taxablePaise,
      discountPaise: 0,
      taxablePaise,
      gstRatePercent: line.gstRatePercent,
      ...splitGst(line.taxPaise, interState),
    };
  });
  const sum = (pick: (item: EInvoiceItem) => number) => items.reduce((total, item) => total + pick(item), 0);
  const totals = {
    taxablePaise: sum((i) => i.taxablePaise),
    igstPaise: sum((i) => i.igstPaise),
    cgstPaise: sum((i) => i.cgstPaise),
    sgstPaise: sum((i) => i.sgstPaise),
    otherChargesPaise: 0,
    roundOffPaise: 0,
    invoicePaise: doc.lines.reduce((total, line) => total + line.totalPaise, 0),
  };
  return { supplier: doc.supplier, buyer: doc.buyer, document: { type: doc.type, number: doc.number, date: doc.date }, items, totals };
}
