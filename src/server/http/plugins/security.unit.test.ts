import { describe, expect, it } from 'vitest';
import { permissionsPolicy } from './security';

describe('the Permissions-Policy header', () => {
  it('gives payment to nobody with the built-in test gateway, whose page is a plain form', () => {
    expect(permissionsPolicy({ RAZORPAY_KEY_ID: undefined })).toContain('payment=()');
  });

  it('gives payment to Razorpay Checkout’s frames, and to no other site, when Razorpay is the provider', () => {
    const header = permissionsPolicy({ RAZORPAY_KEY_ID: 'rzp_test_1234567890' });
    expect(header).toContain('payment=(self "https://api.razorpay.com" "https://checkout.razorpay.com")');
    expect(header).toContain('camera=()');
  });

  it('names each feature once', () => {
    const names = permissionsPolicy({ RAZORPAY_KEY_ID: undefined })
      .split(', ')
      .map((part) => part.split('=')[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});
