import { describe, expect, it } from 'vitest';
import { inThirdPerson } from './orders';

describe('inThirdPerson', () => {
  it("turns the customer's timeline into the back office's words about the customer", () => {
    expect(inThirdPerson('Refund of ₹1,999.00 issued to your EMI.')).toBe("Refund of ₹1,999.00 issued to the customer's EMI.");
    expect(inThirdPerson('Refund of ₹500.00 issued by bank transfer to the account you gave us.')).toBe(
      'Refund of ₹500.00 issued by bank transfer to the account the customer gave us.',
    );
    expect(inThirdPerson('Cancelled by you: ordered twice')).toBe('Cancelled by the customer: ordered twice');
    expect(inThirdPerson('Order placed. Waiting for payment by UPI; the items are held for you for 30 minutes.')).toBe(
      'Order placed. Waiting for payment by UPI; the items are held for the customer for 30 minutes.',
    );
    expect(inThirdPerson('Pune Tech Hub received the returned items and checked them; your refund for them follows.')).toBe(
      "Pune Tech Hub received the returned items and checked them; the customer's refund for them follows.",
    );
    expect(inThirdPerson('Payment by card failed: Your card was declined by the bank. You can try again.')).toBe(
      "Payment by card failed: The customer's card was declined by the bank. The customer can try again.",
    );
    expect(inThirdPerson('Shipped by Blue Dart (BD123).')).toBe('Shipped by Blue Dart (BD123).');
  });
});
