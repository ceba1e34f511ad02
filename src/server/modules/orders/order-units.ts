import type { PackedUnit, SerialHold } from '~/shared/schemas/serials';
import { warrantyEndOf } from '~/shared/warranty';
import { indiaDay } from '../../lib/dates';
import type * as repo from './orders.repo';

/**
 * A line's packed units as the orders' pages show them (decision 72): each serial, the one that came back with a
 * return, and the warranty from the day the seller's shipment was delivered for the months the line was bought with.
 */
export function unitsOfLine(
  item: Pick<repo.ItemWithImage, 'id' | 'warrantyMonths'>,
  units: repo.PackedUnitRow[],
  deliveredAt: Date | null | undefined,
): PackedUnit[] {
  const start = deliveredAt ? indiaDay(deliveredAt) : null;
  return units
    .filter((u) => u.orderItemId === item.id)
    .map((u) => ({
      unit: u.unit,
      serial: u.serial,
      returnedSerial: u.returnedSerial,
      warrantyStart: start,
      warrantyEnd: start ? warrantyEndOf(start, item.warrantyMonths) : null,
    }));
}

/** Each seller's return whose serials did not match what it shipped: the refund held until an admin releases it. */
export function serialHoldsOf(
  items: Pick<repo.ItemWithImage, 'id' | 'name' | 'vendorId' | 'sellerName'>[],
  shipments: Pick<repo.ShipmentRow, 'vendorId' | 'serialHoldAt' | 'serialHoldReleasedAt'>[],
  units: repo.PackedUnitRow[],
): SerialHold[] {
  return shipments.flatMap((s) => {
    if (!s.serialHoldAt) return [];
    const theirs = items.filter((i) => i.vendorId === s.vendorId);
    return [
      {
        vendorId: s.vendorId,
        sellerName: theirs[0]?.sellerName ?? '',
        heldAt: s.serialHoldAt.toISOString(),
        releasedAt: s.serialHoldReleasedAt ? s.serialHoldReleasedAt.toISOString() : null,
        units: units
          .filter((u) => u.returnedSerial !== null && u.returnedSerial !== u.serial && theirs.some((i) => i.id === u.orderItemId))
          .map((u) => ({
            itemId: u.orderItemId,
            name: theirs.find((i) => i.id === u.orderItemId)!.name,
            unit: u.unit,
            expected: u.serial,
            received: u.returnedSerial!,
          })),
      },
    ];
  });
}
