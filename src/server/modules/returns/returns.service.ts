import type { Database, Executor } from '../../db/client';
import type { MediaService } from '../media/media.service';
import type { OrderSteps } from '../orders/order-steps';
import type { PaymentsService } from '../payments/payments.service';
import { createCreditNotes, type CreditNoteIssued } from './credit-notes';
import { createErasedCustomerData } from './erased-customer-data';
import { createRefundAccounts } from './refund-account';
import { attachReturnPhotos, createReturnPhotos } from './return-photos';

export interface ReturnsServiceDeps {
  db: Database;
  /** The orders' own steps: the returns write the order (its status, refund account, timeline) through them only. */
  orders: OrderSteps;
  /** Reads only: an order's payment (is its refund account still needed?). */
  payments: Pick<PaymentsService, 'of'>;
  /** Where the photos sent with return requests are checked and kept (decision 50), and removed after commit (decision 55). */
  media: Pick<MediaService, 'storeReturnPhoto' | 'renditionOfStored' | 'discardStored' | 'discardAfterCommit'>;
  /** Whether a customer's account was erased (decision 26): what their orders keep for a refund goes once it is made. */
  isErased: (userId: string, executor: Executor) => Promise<boolean>;
  /** Told of each credit note written, in its transaction: a business's gets its sellers' e-invoices (decision 76). */
  creditNoteIssued?: CreditNoteIssued;
}

/**
 * Returns and what they leave (decision 67): the GST credit notes against an order's invoice, the photos
 * sent with a return request, the bank account of a cash-on-delivery refund, and what an erased
 * customer's return keeps until its refund. It owns `credit_notes` and `order_return_photos` and stands
 * above the orders, writing the order through `ordersService.steps`; asking for, receiving and
 * refunding a return are flows (src/server/flows) over these parts and the orders' steps.
 */
export function createReturnsService(deps: ReturnsServiceDeps) {
  const { db, orders, payments, media, isErased } = deps;
  const erased = createErasedCustomerData({ orders, media, isErased });
  return {
    /** The order's credit notes: issued by the flows in their transaction, read by them. */
    creditNotes: createCreditNotes({ orders, issued: deps.creditNoteIssued }),

    /** Photos sent with return requests: uploaded by the customer, attached by the request, seen by whom the server decides. */
    returnPhotos: createReturnPhotos({ db, media, orders }),

    /** Attaches the customer's uploaded photos named by a return request, in the flow's transaction (`request-return`). */
    attachReturnPhotos,

    /** The bank account of a cash-on-delivery refund: given by the customer, recorded by an admin. */
    ...createRefundAccounts({ db, payments, orders }),

    /**
     * For an account being erased (in the erasure's transaction): the refund bank accounts and return
     * photos of its orders go, but for returns still open, whose refund removes them (decision 55).
     */
    forgetReturnDataOf: erased.forgetOf,

    /** What a refund that closes an erased customer's return removes (decision 55), in the refund's transaction. */
    afterRefund: erased.afterRefund,
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
