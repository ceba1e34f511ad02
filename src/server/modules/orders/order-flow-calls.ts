import type { z } from 'zod';
import type { AdminCancelOrder, AdminOrderResponse, AdminRefundLines, adminShipOrderSchema } from '~/shared/schemas/admin-orders';
import type { OrderDetail, ReceiveReturn, RefundAccount, ReturnRequest, shipOrderSchema } from '~/shared/schemas/orders';
import type { PackOrder, ReleaseSerialHold } from '~/shared/schemas/serials';
import type { CancelLines, VendorOrder } from '~/shared/schemas/vendor-orders';
import type { CheckoutOptions } from '../payments/provider';
import type { Actor } from './order-rules';

/**
 * What the orders' routes call that writes other modules' tables too: the flows of src/server/flows
 * (decision 62), and the refund bank account of the returns module, which stands above the orders
 * (decision 67); handed to the route plugins by services.ts as `placeOrder` is. Typed here by what the
 * routes need, so that the module imports no flow and not the returns.
 */
export interface OrderFlowCalls {
  /**
   * The customer's: cancelling before shipping (flow `cancel-order`), paying online (flow
   * `apply-payment`), asking for a return (flow `request-return`), the refund's bank account (returns).
   */
  customer: {
    cancel(userId: string, orderId: string, reason: string): Promise<OrderDetail>;
    startPayment(userId: string, orderId: string): Promise<CheckoutOptions>;
    requestReturn(userId: string, orderId: string, input: ReturnRequest): Promise<OrderDetail>;
    giveRefundAccount(userId: string, orderId: string, input: RefundAccount): Promise<OrderDetail>;
  };
  /** The payment provider's: the browser's return and the webhooks (flow `apply-payment`). */
  provider: {
    paymentReturn(orderId: string, params: Record<string, string | undefined>): Promise<{ paid: boolean }>;
    webhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined): Promise<'processed' | 'duplicate' | 'ignored'>;
  };
  /** The back office's steps that move stock, money, shipments or the vendor ledger, and recording a refund's bank account (returns). */
  admin: {
    recordRefundAccount(orderId: string, input: RefundAccount, admin: { userId: string }): Promise<OrderDetail>;
    cancel(orderId: string, input: AdminCancelOrder, actor: Actor): Promise<AdminOrderResponse>;
    refundLines(orderId: string, input: AdminRefundLines, actor: Actor): Promise<AdminOrderResponse>;
    ship(orderId: string, input: z.output<typeof adminShipOrderSchema>, actor: Actor): Promise<OrderDetail>;
    deliver(orderId: string, actor: Actor): Promise<OrderDetail>;
    receiveReturn(orderId: string, actor: Actor, input: ReceiveReturn): Promise<OrderDetail>;
    refundReturn(orderId: string, actor: Actor, input: { bankReference?: string | undefined }): Promise<OrderDetail>;
    releaseSerialHold(orderId: string, input: ReleaseSerialHold, actor: Actor): Promise<OrderDetail>;
  };
  /** The seller centre's steps that move stock, money, packings, shipments or the vendor ledger; `vendorId` is the session's. */
  vendor: {
    pack(vendorId: string, userId: string, orderId: string, input?: PackOrder): Promise<VendorOrder>;
    ship(vendorId: string, userId: string, orderId: string, input: z.output<typeof shipOrderSchema>): Promise<VendorOrder>;
    deliver(vendorId: string, userId: string, orderId: string): Promise<VendorOrder>;
    cancelLines(vendorId: string, userId: string, orderId: string, input: CancelLines): Promise<VendorOrder>;
    receiveReturn(vendorId: string, userId: string, orderId: string, input: ReceiveReturn): Promise<VendorOrder>;
    refundReturn(vendorId: string, userId: string, orderId: string): Promise<VendorOrder>;
  };
}
