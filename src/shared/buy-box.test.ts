import { describe, expect, it } from 'vitest';
import { buyBox, deliveredPricePaise, type BuyBoxOffer } from './buy-box';
import type { ShippingRules } from './pricing';

/** Standard delivery ₹99, free from ₹1,000. */
const shipping: ShippingRules = { standardPaise: 99_00, expressPaise: 199_00, freeShippingAtPaise: 1_000_00 };

const offer = (id: string, values: Partial<BuyBoxOffer> = {}): BuyBoxOffer => ({
  id,
  pricePaise: 68_990_00,
  stock: 5,
  dispatchDays: 1,
  status: 'active',
  condition: 'new',
  sellerActive: true,
  sellerOnTime: 0.95,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...values,
});

const ids = (result: ReturnType<typeof buyBox>) => ({
  winner: result.winner?.id ?? null,
  others: result.others.map((o) => o.id),
  unavailable: result.unavailable.map((u) => [u.offer.id, u.reason]),
});

describe('the buy box', () => {
  it('goes to the lowest price delivered, with the others after it in the same order', () => {
    const result = buyBox(
      [offer('pune', { pricePaise: 69_490_00 }), offer('kharghar', { pricePaise: 68_990_00 }), offer('shop')],
      shipping,
    );
    expect(ids(result)).toEqual({ winner: 'kharghar', others: ['shop', 'pune'], unavailable: [] });
  });

  it('counts the delivery charge: ₹950 with ₹99 delivery loses to ₹1,000 delivered free', () => {
    expect(deliveredPricePaise({ pricePaise: 950_00 }, shipping)).toBe(1_049_00);
    const result = buyBox([offer('cheap', { pricePaise: 950_00 }), offer('free', { pricePaise: 1_000_00 })], shipping);
    expect(result.winner?.id).toBe('free');
  });

  it('breaks a tie of price by fewer days to dispatch, then by the seller more often on time, then by the older offer', () => {
    expect(buyBox([offer('slow', { dispatchDays: 3 }), offer('fast', { dispatchDays: 0 })], shipping).winner?.id).toBe('fast');
    expect(buyBox([offer('late', { sellerOnTime: 0.8 }), offer('punctual', { sellerOnTime: 0.99 })], shipping).winner?.id).toBe('punctual');
    expect(buyBox([offer('unknown', { sellerOnTime: null }), offer('known', { sellerOnTime: 0.5 })], shipping).winner?.id).toBe('known');
    expect(
      buyBox(
        [offer('newer', { createdAt: '2026-11-20T10:00:00.000Z' }), offer('older', { createdAt: '2026-10-01T10:00:00.000Z' })],
        shipping,
      ).winner?.id,
    ).toBe('older');
  });

  it('prefers a new unit to a cheaper refurbished one, which stays among the others', () => {
    const result = buyBox([offer('refurb', { condition: 'refurbished', pricePaise: 49_990_00 }), offer('new')], shipping);
    expect(ids(result)).toEqual({ winner: 'new', others: ['refurb'], unavailable: [] });
  });

  it('gives it to a refurbished offer when no new unit can be bought', () => {
    const result = buyBox([offer('refurb', { condition: 'refurbished' }), offer('new', { stock: 0 })], shipping);
    expect(result.winner?.id).toBe('refurb');
  });

  it('leaves out offers sold out, paused or of a seller who may not sell, each with the reason', () => {
    const result = buyBox(
      [
        offer('sold-out', { stock: 0, pricePaise: 1_00 }),
        offer('paused', { status: 'paused', pricePaise: 1_00 }),
        offer('suspended', { sellerActive: false, pricePaise: 1_00 }),
        offer('on-sale'),
      ],
      shipping,
    );
    expect(ids(result)).toEqual({
      winner: 'on-sale',
      others: [],
      unavailable: [
        ['sold-out', 'Out of stock with this seller.'],
        ['paused', 'This seller has paused this offer.'],
        ['suspended', 'This seller is not selling at the moment.'],
      ],
    });
  });

  it('has no winner when nothing can be bought', () => {
    expect(buyBox([offer('a', { stock: 0 })], shipping).winner).toBeNull();
    expect(buyBox([], shipping)).toEqual({ winner: null, others: [], unavailable: [] });
  });
});
