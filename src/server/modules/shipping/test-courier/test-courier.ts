import { createHash } from 'node:crypto';
import { CourierRefusal, type BookedShipment, type ShippingProvider } from '../provider';
import { TEST_COURIERS, testCourierRates, unservedBecause } from './test-courier-rules';

/**
 * The built-in test courier (decision 78), like the test payment gateway and the test IRP: it answers as an
 * aggregator would, deterministically (rules in `test-courier-rules.ts`), and keeps nothing. An AWB is its
 * courier's prefix and ten digits of the SHA-256 of the shop's shipment reference, so the same booking gets
 * the same AWB in any process. A pickup asked for a Sunday comes on Monday.
 *
 * Test levers: `failNextBookings(n)` answers the next n bookings as a busy aggregator does (retryable).
 * Signed tracking webhooks, failed attempts and returns to origin are triggered through levers added here
 * with the webhooks (issue 50, point 4).
 */
export interface TestCourier {
  provider: ShippingProvider;
  failNextBookings(count: number): void;
}

export const TEST_COURIER_TRACKING_URL = 'https://test-courier.invalid/track/';

function digitsOf(text: string, count: number): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return BigInt(`0x${hex.slice(0, 16)}`)
    .toString()
    .padStart(count, '0')
    .slice(-count);
}

/** The day after `day` (YYYY-MM-DD) when `day` is a Sunday; `day` otherwise. */
function workingDay(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (date.getUTCDay() === 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export function createTestCourier(): TestCourier {
  let failing = 0;
  const provider: ShippingProvider = {
    name: 'test-courier',

    rates: async (query) => testCourierRates(query),

    async createShipment(request): Promise<BookedShipment> {
      if (failing > 0) {
        failing -= 1;
        throw new CourierRefusal('BUSY', 'The test courier is busy: try again in a minute.', true);
      }
      const courier = TEST_COURIERS.find((c) => c.id === request.courierId);
      if (!courier) throw new CourierRefusal('UNKNOWN_COURIER', `The test courier has no courier ${request.courierId}.`);
      const quote = testCourierRates({
        pickupPin: request.pickup.pinCode,
        deliveryPin: request.deliverTo.pinCode,
        parcel: request.parcel,
        codAmountPaise: request.codAmountPaise,
        declaredValuePaise: request.declaredValuePaise,
      });
      if (!quote.rates.some((r) => r.courierId === courier.id)) {
        throw new CourierRefusal(
          'NOT_SERVICEABLE',
          unservedBecause(request.deliverTo.pinCode) ?? quote.reason ?? `${courier.name} does not take this parcel.`,
        );
      }
      const awb = `${courier.prefix}${digitsOf(request.reference, 10)}`;
      return {
        awb,
        courierId: courier.id,
        courierName: courier.name,
        providerShipmentId: `tcs_${digitsOf(`shipment:${request.reference}`, 9)}`,
        trackingUrl: `${TEST_COURIER_TRACKING_URL}${awb}`,
      };
    },

    cancelShipment: async () => undefined,

    // The shop draws the label itself; the test courier has no label of its own.
    labelUrl: async () => null,

    async requestPickup(request) {
      if (request.shipments.length === 0) throw new CourierRefusal('NOTHING_TO_PICK_UP', 'There is no shipment to pick up.');
      const pickupDate = workingDay(request.on);
      return { pickupDate, reference: `PU${digitsOf(`${request.pickupPin}:${pickupDate}`, 8)}` };
    },

    // Events come by the signed webhooks (issue 50, point 4); until then the test courier reports none.
    track: async () => [],
  };
  return {
    provider,
    failNextBookings(count) {
      failing = count;
    },
  };
}
