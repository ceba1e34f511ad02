import type { StartPaymentResponse } from '~/shared/schemas/orders';
import { api } from '~/web/lib/api-client';

type Checkout = StartPaymentResponse['checkout'];
type RazorpayOptions = Extract<Checkout, { kind: 'razorpay-checkout' }>['options'];

declare global {
  interface Window {
    /** Razorpay Checkout, once its script has loaded. */
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

/** Leaving the app for the payment page (one object, so tests can watch it: jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/** Asks the server how to pay (checkout, order confirmation and order page all start payment here) an order that is waiting for payment. */
export function startPayment(orderId: string): Promise<Checkout> {
  return api<StartPaymentResponse>(`/api/orders/${encodeURIComponent(orderId)}/payment`, { method: 'POST' }).then((r) => r.checkout);
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The payment window could not be loaded. Check your connection and try again.'));
    document.head.appendChild(script);
  });
}

/** Sends the browser to pay: the provider's hosted page, or Razorpay Checkout over this page. */
export async function openPayment(checkout: Checkout): Promise<void> {
  if (checkout.kind === 'hosted-page') {
    pageNavigation.assign(checkout.url);
    return;
  }
  if (!window.Razorpay) await loadScript(checkout.scriptUrl);
  if (!window.Razorpay) throw new Error('The payment window could not be opened. Please try again.');
  // With `redirect: true` Razorpay sends the browser to `callback_url` when the payment ends.
  new window.Razorpay(checkout.options).open();
}
