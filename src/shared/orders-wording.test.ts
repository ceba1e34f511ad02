import { describe, expect, it } from 'vitest';
import { inSentence, inThirdPerson, refundTime, switchedPaymentMethod } from './orders';

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
    expect(
      inThirdPerson(
        'Pune Tech Hub received the returned items and checked them: the items are damaged and will not be sold again. Your refund for them follows.',
      ),
    ).toBe(
      "Pune Tech Hub received the returned items and checked them: the items are damaged and will not be sold again. The customer's refund for them follows.",
    );
    expect(inThirdPerson('You gave the bank account for your refund: XXXXXX1234 · HDFC0001234.')).toBe(
      "The customer gave the bank account for the customer's refund: XXXXXX1234 · HDFC0001234.",
    );
    expect(inThirdPerson('You changed the bank account for your refund to XXXXXX5566 · SBIN0005678.')).toBe(
      "The customer changed the bank account for the customer's refund to XXXXXX5566 · SBIN0005678.",
    );
    expect(inThirdPerson('Shipped by Blue Dart (BD123).')).toBe('Shipped by Blue Dart (BD123).');
  });
});

describe('inSentence', () => {
  it('drops the full stop a customer typed, so our sentence around it has one', () => {
    expect(`Return requested: ${inSentence('Two dead pixels in the centre of the screen. ')}.`).toBe(
      'Return requested: Two dead pixels in the centre of the screen.',
    );
    expect(inSentence('Declined by the bank..')).toBe('Declined by the bank');
    expect(inSentence('v1.2 firmware')).toBe('v1.2 firmware');
  });
});

describe('switchedPaymentMethod', () => {
  it('follows the customer from UPI to a card or net banking at the provider, and leaves EMI and cash on delivery as chosen', () => {
    expect(switchedPaymentMethod('upi', 'card')).toBe('card');
    expect(switchedPaymentMethod('card', 'netbanking')).toBe('netbanking');
    expect(switchedPaymentMethod('upi', 'upi')).toBeUndefined();
    expect(switchedPaymentMethod('upi', null)).toBeUndefined();
    expect(switchedPaymentMethod('emi', 'card')).toBeUndefined();
    expect(switchedPaymentMethod('card', 'emi')).toBeUndefined();
    expect(switchedPaymentMethod('cod', 'cod')).toBeUndefined();
    expect(switchedPaymentMethod('upi', 'wallet')).toBeUndefined();
  });
});

describe('refundTime', () => {
  it('gives the time the returns page promises for the way the order was paid', () => {
    expect(refundTime('upi')).toBe('2–4 working days');
    expect(refundTime('netbanking')).toBe('2–4 working days');
    expect(refundTime('card')).toBe('5–7 working days');
    expect(refundTime('emi')).toBe('5–7 working days');
    expect(refundTime('cod')).toBe('1–2 working days');
    // A method the provider names that the shop does not (a wallet): as long as a card's, never sooner than promised.
    expect(refundTime('wallet')).toBe('5–7 working days');
  });
});
