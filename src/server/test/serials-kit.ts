import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PackOrder } from '~/shared/schemas/serials';
import type { VendorOrder } from '~/shared/schemas/vendor-orders';
import { json } from './test-app';

/** A serial no other unit in the test database has: 5CD and 10 hexadecimal capitals. */
export const freshSerial = () => `5CD${randomBytes(5).toString('hex').toUpperCase()}`;

/** The body of a pack with a fresh serial for each unit of each of the seller's open lines. */
export function serialsFor(order: Pick<VendorOrder, 'lines'>): PackOrder {
  return {
    lines: order.lines
      .filter((l) => l.quantity > l.cancelledQuantity)
      .map((l) => ({ itemId: l.itemId, serials: Array.from({ length: l.quantity - l.cancelledQuantity }, freshSerial) })),
  };
}

/**
 * The seller packs its items of an order as the seller centre does: reads its lines, and enters a serial for
 * each unit (decision 72). Answers the response, so a test can check the refusals too.
 */
export async function packWithSerials(app: FastifyInstance, cookie: string, orderId: string) {
  const page = await json(app, 'GET', `/api/vendor/orders/${orderId}`, undefined, cookie);
  const body = page.statusCode === 200 ? serialsFor((page.json() as { order: VendorOrder }).order) : { lines: [] };
  return json(app, 'POST', `/api/vendor/orders/${orderId}/pack`, body, cookie);
}
