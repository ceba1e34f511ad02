import type { IrpInvoice } from './irp-json';
import type { IrpProblem } from './validate-irp-invoice';

/**
 * The one e-invoice provider interface the shop uses (decision 76), shaped like the IRP's own API
 * (Generate IRN, Cancel IRN, Get e-invoice by IRN). Two kinds of implementation: the built-in test
 * IRP (the default) and an adapter of a real IRP or GSP chosen by settings, which keeps its own
 * authentication (token, session key) behind these calls.
 */

export type CancelReasonCode = '1' | '2' | '3' | '4';

/** The IRP's cancellation reasons. */
export const CANCEL_REASONS: Record<CancelReasonCode, string> = {
  '1': 'Duplicate',
  '2': 'Data entry mistake',
  '3': 'Order cancelled',
  '4': 'Others',
};

/** What the portal answers for a registered document. */
export interface IrpRegistration {
  irn: string;
  ackNo: string;
  ackDate: Date;
  /** The e-invoice signed by the portal: a JWS (compact JWT) of the invoice with its IRN. */
  signedInvoice: string;
  /** The QR code's payload signed by the portal: a JWS (compact JWT); what the invoice's QR code carries. */
  signedQrCode: string;
  /** ACT while active, CNL once cancelled. */
  status: 'ACT' | 'CNL';
}

/**
 * A refusal of the portal, with its error code (2150 duplicate IRN, 2270 past the cancellation
 * time…) and every problem it named. `retryable` refusals (the portal busy, unreachable) are worth
 * trying again later; the others need the document corrected.
 */
export class IrpRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly options: { problems?: IrpProblem[]; retryable?: boolean; existing?: IrpRegistration } = {},
  ) {
    super(message);
    this.name = 'IrpRefusal';
  }

  get retryable(): boolean {
    return this.options.retryable ?? false;
  }

  get problems(): IrpProblem[] {
    return this.options.problems ?? [{ code: this.code, path: '', message: this.message }];
  }
}

export interface EInvoiceProvider {
  readonly name: string;
  /** Registers an e-invoice: its IRN, acknowledgement and signatures; an IrpRefusal when the portal refuses it. */
  register(invoice: IrpInvoice): Promise<IrpRegistration>;
  /** Cancels an IRN of the supplier (within 24 hours of its acknowledgement, as the portal allows). */
  cancel(request: {
    supplierGstin: string;
    irn: string;
    reason: CancelReasonCode;
    remark: string;
  }): Promise<{ irn: string; cancelledAt: Date }>;
  /** The registration of an IRN of the supplier; null when the portal has none. */
  getByIrn(request: { supplierGstin: string; irn: string }): Promise<IrpRegistration | null>;
}
