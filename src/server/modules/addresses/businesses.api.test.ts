import { describe, expect, it } from 'vitest';
import type { Business } from '~/shared/schemas/business';
import { newGstin } from '../../test/accounts-kit';
import { useOrdersTestApp } from '../../test/orders-kit';
import { json } from '../../test/test-app';

/** A customer's businesses (decision 71) corrected after they were added. */
const kit = useOrdersTestApp();

const BENGALURU_OFFICE = { line1: '4th Floor, Prestige Tech Park', city: 'Bengaluru', state: 'Karnataka', pinCode: '560103' };
const PUNE_OFFICE = { line1: 'Office 501, Business Bay', line2: 'Yerawada', city: 'Pune', state: 'Maharashtra', pinCode: '411006' };

async function business(cookie: string, body: object): Promise<Business> {
  const res = await json(kit.t.app, 'POST', '/api/businesses', body, cookie);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { business: Business }).business;
}

describe('correcting a business', () => {
  it('changes its details, checked as when added; another customer’s is a 404; an order bought for it keeps what it was', async () => {
    const { cookie, addressId } = await kit.customerWithAddress(kit.PUNE);
    const gstin = newGstin('29');
    const made = await business(cookie, { gstin, legalName: 'Nimbus Analytics Pvt Ltd', ...BENGALURU_OFFICE });
    const second = await business(cookie, { gstin: newGstin('27'), legalName: 'Nimbus Pune Branch', ...PUNE_OFFICE });
    const [p] = await kit.productsUnder(40_000_00, 1);
    const { order } = await kit.placed(cookie, {
      items: [{ productId: p!.id, quantity: 1 }],
      addressId,
      businessId: made.id,
      delivery: 'standard',
      paymentMethod: 'cod',
    });

    const put = (id: string, body: object, as = cookie) => json(kit.t.app, 'PUT', `/api/businesses/${id}`, body, as);
    const corrected = await put(made.id, {
      gstin,
      legalName: 'Nimbus Analytics Private Limited',
      ...BENGALURU_OFFICE,
      line2: 'Outer Ring Road',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().business).toMatchObject({
      id: made.id,
      legalName: 'Nimbus Analytics Private Limited',
      billingAddress: { line2: 'Outer Ring Road' },
    });
    const list = (await json(kit.t.app, 'GET', '/api/businesses', undefined, cookie)).json() as { items: Business[] };
    expect(list.items.find((b) => b.id === made.id)!.legalName).toBe('Nimbus Analytics Private Limited');

    // Checked as when added: a state other than the GSTIN's, or the GSTIN of another of the customer's businesses.
    const elsewhere = await put(made.id, { gstin, legalName: 'Nimbus', ...PUNE_OFFICE });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields.state).toMatch(/registered in another state/);
    const taken = await put(made.id, { gstin: second.gstin, legalName: 'Nimbus', ...PUNE_OFFICE });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.gstin).toMatch(/already another of your businesses/);

    const other = await kit.customerWithAddress(kit.PUNE, 'Rohan Mehta');
    const foreign = await put(made.id, { gstin, legalName: 'Not mine', ...BENGALURU_OFFICE }, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect((await put(made.id, { gstin, legalName: 'Nobody', ...BENGALURU_OFFICE }, '')).statusCode).toBe(401);

    // The order was billed to the business as it was then.
    expect((await kit.getOrder(cookie, order.id)).business).toMatchObject({ gstin, legalName: 'Nimbus Analytics Pvt Ltd' });
  });
});
