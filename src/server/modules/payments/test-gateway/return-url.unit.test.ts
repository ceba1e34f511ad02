import { describe, expect, it } from 'vitest';
import { checkReturnUrl, returnLocation } from './return-url';

const shop = 'https://shop.example.in';

describe('return URL of the hosted page', () => {
  it('accepts a path or an absolute URL of the shop', () => {
    expect(checkReturnUrl('/checkout/return?o=1', shop).toString()).toBe('https://shop.example.in/checkout/return?o=1');
    expect(checkReturnUrl('https://shop.example.in/pay/done', shop).pathname).toBe('/pay/done');
    expect(returnLocation('/done?x=1', shop, { razorpay_order_id: 'order_1' })).toBe('/done?x=1&razorpay_order_id=order_1');
  });
  it.each([
    'https://evil.example.com/steal',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'https://shop.example.in.evil.com/',
    'https://shop.example.in@evil.com/',
    'javascript:alert(1)',
    'http://shop.example.in/downgraded',
    '',
    undefined,
  ])('refuses %s', (raw) => {
    expect(() => checkReturnUrl(raw, shop)).toThrow(/page of this shop/);
  });
});
