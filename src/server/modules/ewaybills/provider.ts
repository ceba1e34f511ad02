import type { Executor } from '../../db/client';

/**
 * The e-way bill provider interface (decision 75): the shop talks to the e-way bill system (NIC's
 * portal, directly or through a GST Suvidha Provider) only through this. The request is the portal's
 * `GENEWAYBILL` JSON, amounts in rupees as the portal takes them. The built-in test service implements
 * it for development and tests; a real adapter (chosen by `EWAY_BILL_PROVIDER`) would sign in, encrypt
 * and post the same shapes.
 */

export interface EwayBillItem {
  productName: string;
  productDesc: string;
  hsnCode: number;
  quantity: number;
  /** NOS: numbers (units). */
  qtyUnit: string;
  taxableAmount: number;
  cgstRate: number;
  sgstRate: number;
  igstRate: number;
  cessRate: number;
}

/** The portal's GENEWAYBILL request (Part A from the invoice, Part B the conveyance). */
export interface GenerateEwayBillRequest {
  /** O: outward. */
  supplyType: 'O' | 'I';
  /** 1: supply. */
  subSupplyType: string;
  /** INV: tax invoice; BIL: bill of supply; CHL: delivery challan. */
  docType: 'INV' | 'BIL' | 'CHL';
  docNo: string;
  /** dd/mm/yyyy */
  docDate: string;
  fromGstin: string;
  fromTrdName: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  actFromStateCode: number;
  /** A registered recipient's GSTIN, or URP for an unregistered one. */
  toGstin: string;
  toTrdName: string;
  toPlace: string;
  toPincode: number;
  toStateCode: number;
  actToStateCode: number;
  /** 1 regular. */
  transactionType: number;
  totalValue: number;
  cgstValue: number;
  sgstValue: number;
  igstValue: number;
  cessValue: number;
  totInvValue: number;
  /** 1 road, 2 rail, 3 air, 4 ship. */
  transMode: '1' | '2' | '3' | '4';
  transDistance: number;
  transporterId?: string;
  transporterName?: string;
  vehicleNo?: string;
  /** R: regular. */
  vehicleType?: 'R' | 'O';
  itemList: EwayBillItem[];
}

/** The portal's answer to a generation: the number, its date and the end of its validity. */
export interface GeneratedEwayBill {
  ewayBillNo: string;
  ewayBillDate: Date;
  validUpto: Date;
}

export interface ExtendEwayBillRequest {
  ewbNo: string;
  vehicleNo?: string;
  fromPlace: string;
  fromPincode: number;
  fromStateCode: number;
  remainingDistance: number;
  /** 1 natural calamity, 2 law and order, 4 transshipment, 5 accident, 99 others. */
  extnRsnCode: string;
  extnRemarks: string;
  /** M: in movement; T: in transit (in a warehouse). */
  consignmentStatus: 'M' | 'T';
}

export interface CancelEwayBillRequest {
  ewbNo: string;
  /** 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
  cancelRsnCode: string;
  cancelRmrk: string;
}

/** An error the portal answers (the shop shows its message to the seller). */
export class EwayBillPortalError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'EwayBillPortalError';
  }
}

export interface EwayBillProvider {
  /** `test`, or the adapter's name: stored with each bill. */
  readonly name: string;
  /**
   * Generates an e-way bill. `tx` is the shop's transaction (the test service writes its records in it;
   * an adapter over the network ignores it). Throws `EwayBillPortalError` with the portal's message.
   */
  generate(request: GenerateEwayBillRequest, now: Date, tx: Executor): Promise<GeneratedEwayBill>;
  extend(request: ExtendEwayBillRequest, now: Date, tx: Executor): Promise<{ validUpto: Date }>;
  cancel(request: CancelEwayBillRequest, now: Date, tx: Executor): Promise<{ cancelDate: Date }>;
}
