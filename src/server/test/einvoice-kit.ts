import { gstinCheckCharacter } from '~/shared/gstin';
import { einvoiceInputFromDocument, type DocumentShape, type EInvoiceInput } from '../modules/einvoices/einvoice-input';

/** A GSTIN with its right check character, from its first 14 characters. */
export const gstinOf = (first14: string) => first14 + gstinCheckCharacter(first14);

export const PUNE_SUPPLIER = {
  gstin: gstinOf('27AABCP1234C1Z'),
  legalName: 'Pune Tech Hub Private Limited',
  tradeName: 'Pune Tech Hub',
  address1: 'Shop 2, Laxmi Road',
  location: 'Pune',
  pinCode: '411030',
  stateCode: '27',
};

export const BENGALURU_BUYER = {
  gstin: gstinOf('29AAFCK5521M1Z'),
  legalName: 'Koramangala Design Studio LLP',
  address1: '14, 2nd Cross, 5th Block, Koramangala',
  location: 'Bengaluru',
  pinCode: '560095',
  stateCode: '29',
  placeOfSupplyStateCode: '29',
};

export const MUMBAI_BUYER = {
  gstin: gstinOf('27AAACM4321K1Z'),
  legalName: 'Andheri Accountants LLP',
  address1: '5th Floor, Link Road, Andheri West',
  location: 'Mumbai',
  pinCode: '400053',
  stateCode: '27',
  placeOfSupplyStateCode: '27',
};

let serial = 0;
/** A fresh document number (the IRP allows 16 characters: letters, digits, / and -). */
export const documentNumber = (prefix = 'PTH/26') => `${prefix}/${String(Date.now() % 100000).padStart(5, '0')}${serial++}`;

/** Five laptops of ₹78,000 and a monitor of ₹14,999, GST-inclusive at 18%, sold by a Pune seller. */
export function laptopInvoice(overrides: Partial<DocumentShape> = {}): DocumentShape {
  const laptop = 5 * 78_000_00;
  const monitor = 14_999_00;
  const gstOf = (total: number) => total - Math.round((total * 100) / 118);
  return {
    type: 'INV',
    number: documentNumber(),
    date: '2026-12-07',
    supplier: PUNE_SUPPLIER,
    buyer: BENGALURU_BUYER,
    lines: [
      {
        description: 'ThinkPad E14 Gen 6, Core i5, 16 GB, 512 GB',
        hsn: '84713010',
        quantity: 5,
        totalPaise: laptop,
        gstRatePercent: 18,
        taxPaise: gstOf(laptop),
      },
      {
        description: 'Dell 24 Monitor SE2425H',
        hsn: '85285200',
        quantity: 1,
        totalPaise: monitor,
        gstRatePercent: 18,
        taxPaise: gstOf(monitor),
      },
    ],
    ...overrides,
  };
}

export const laptopInput = (overrides: Partial<DocumentShape> = {}): EInvoiceInput => einvoiceInputFromDocument(laptopInvoice(overrides));
