/** Recorded shapes of Razorpay's API answers (test mode), as its API reference documents them. */

export const createdOrder = {
  id: 'order_IluGWxBm9U8zJ8',
  entity: 'order',
  amount: 12345600,
  amount_paid: 0,
  amount_due: 12345600,
  currency: 'INR',
  receipt: 'SC-2026-000123',
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: { shop_order: 'ord_8fK2mQ' },
  created_at: 1767225600,
};

export const capturedPayment = {
  id: 'pay_IH4NVgf4Dreq1l',
  entity: 'payment',
  amount: 12345600,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_IluGWxBm9U8zJ8',
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: null,
  card_id: null,
  bank: null,
  wallet: null,
  vpa: 'success@razorpay',
  email: 'rohan.deshpande@example.in',
  contact: '+919822045678',
  notes: [],
  fee: 291370,
  tax: 44446,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { rrn: '602512345678' },
  created_at: 1767225660,
};

export const authorizedPayment = { ...capturedPayment, status: 'authorized', captured: false, fee: null, tax: null };

export const partialRefund = {
  id: 'rfnd_FP8QHiV938haTz',
  entity: 'refund',
  amount: 500000,
  receipt: null,
  currency: 'INR',
  payment_id: 'pay_IH4NVgf4Dreq1l',
  notes: { reason: 'Keyboard returned' },
  acquirer_data: { arn: null },
  created_at: 1767229200,
  batch_id: null,
  status: 'processed',
  speed_processed: 'normal',
  speed_requested: 'normal',
};

export const overRefundError = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The refund amount provided is greater than amount captured',
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    field: 'amount',
  },
};

export const capturedWebhook = {
  entity: 'event',
  account_id: 'acc_BFQ7uQEaa7j2z7',
  event: 'payment.captured',
  contains: ['payment'],
  payload: { payment: { entity: capturedPayment } },
  created_at: 1767225661,
};

export const orderPaidWebhook = {
  entity: 'event',
  account_id: 'acc_BFQ7uQEaa7j2z7',
  event: 'order.paid',
  contains: ['payment', 'order'],
  payload: {
    payment: { entity: capturedPayment },
    order: { entity: { ...createdOrder, amount_paid: 12345600, amount_due: 0, status: 'paid', attempts: 1 } },
  },
  created_at: 1767225661,
};
