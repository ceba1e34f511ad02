import type { PackedUnit } from '~/shared/schemas/serials';
import { warrantyText } from '~/shared/warranty';

/**
 * The serial of each packed unit of an order line (decision 72), with its warranty for the customer
 * ("Serial 5CD1234XYZ · Warranty 12 Mar 2026 – 11 Mar 2027"), and the serial that came back with a return where
 * it differs. Nothing while the line has no serials.
 */
export function UnitSerials({
  units,
  warrantyMonths,
  withWarranty = false,
  label,
}: {
  units: readonly PackedUnit[] | undefined;
  warrantyMonths?: number | null | undefined;
  withWarranty?: boolean;
  /** The line's name, for screen readers. */
  label: string;
}) {
  if (!units?.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-700" aria-label={`Serial numbers of ${label}`}>
      {units.map((u) => {
        const warranty = withWarranty ? warrantyText(u, warrantyMonths) : null;
        return (
          <li key={u.unit} className="break-words">
            Serial <span className="font-mono">{u.serial}</span>
            {warranty && <> · {warranty}</>}
            {u.returnedSerial && u.returnedSerial !== u.serial && (
              <span className="font-medium text-red-700">
                {' '}
                · came back as <span className="font-mono">{u.returnedSerial}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
