import { useState, type KeyboardEvent } from 'react';
import { SERIAL_RULE, type LineSerials } from '~/shared/schemas/serials';
import { TextField } from '~/web/components/ui/form-fields';
import { isApiError } from '~/web/lib/api-client';

/** A line whose units get a serial each: its name and how many units ship (or came back). */
export interface SerialLine {
  itemId: string;
  name: string;
  units: number;
}

const SERIAL_TEXT = /^[A-Z0-9/-]{4,40}$/;

/**
 * The state of the serial inputs of a dialog (decision 72): one value per unit of each line, the field errors
 * (the browser's own check, or the server's, keyed `<key>.<line>.serials.<unit>`), and the body the server takes.
 */
export function useSerialInputs(lines: readonly SerialLine[], key: 'lines' | 'units') {
  const [values, setValues] = useState<Record<string, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const valueOf = (itemId: string, unit: number) => values[itemId]?.[unit] ?? '';
  const fieldKey = (line: number, unit: number) => `${key}.${line}.serials.${unit}`;
  return {
    valueOf,
    errorOf: (line: number, unit: number) => errors[fieldKey(line, unit)],
    set(itemId: string, unit: number, value: string) {
      setValues((v) => {
        const next = [...(v[itemId] ?? [])];
        next[unit] = value;
        return { ...v, [itemId]: next };
      });
    },
    /** False, with an error on each unit left empty or not a serial, when something needs fixing. */
    check(): boolean {
      const found: Record<string, string> = {};
      lines.forEach((l, i) => {
        for (let u = 0; u < l.units; u++) {
          const v = valueOf(l.itemId, u).trim().toUpperCase();
          if (!v) found[fieldKey(i, u)] = 'Enter the serial number';
          else if (!SERIAL_TEXT.test(v)) found[fieldKey(i, u)] = SERIAL_RULE;
        }
      });
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** The server's field errors put on the units they name. */
    applyServerErrors(error: unknown) {
      if (isApiError(error)) setErrors(error.fields);
    },
    body: (): LineSerials[] =>
      lines.map((l) => ({
        itemId: l.itemId,
        serials: Array.from({ length: l.units }, (_, u) => valueOf(l.itemId, u).trim().toUpperCase()),
      })),
    reset() {
      setValues({});
      setErrors({});
    },
  };
}

/**
 * One input per unit, typed or scanned: a barcode scanner types the serial and presses Enter, which moves to the
 * next unit's input (and on the last one, `onDone`). Labelled by the unit and the line, for screen readers.
 */
export function SerialInputs({
  lines,
  state,
  legend,
  onDone,
}: {
  lines: readonly SerialLine[];
  state: ReturnType<typeof useSerialInputs>;
  legend: string;
  onDone?: () => void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const inputs = [...(e.currentTarget.closest('fieldset')?.querySelectorAll('input') ?? [])];
    const next = inputs[inputs.indexOf(e.currentTarget) + 1];
    if (next) next.focus();
    else onDone?.();
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-xs text-slate-600">
        Type or scan the serial number (or IMEI) from each unit’s label. Enter moves to the next unit.
      </p>
      {lines.map((line, i) => (
        <div key={line.itemId} className="space-y-2">
          <p className="text-sm font-medium break-words text-slate-700">{line.name}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {Array.from({ length: line.units }, (_, u) => {
              return (
                <TextField
                  key={u}
                  label={line.units === 1 ? `Serial number of ${line.name}` : `Serial number of unit ${u + 1} of ${line.name}`}
                  className="[&_label]:sr-only"
                  placeholder={line.units === 1 ? 'Serial number' : `Unit ${u + 1} serial`}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  value={state.valueOf(line.itemId, u)}
                  onChange={(e) => state.set(line.itemId, u, e.target.value)}
                  onKeyDown={onKeyDown}
                  error={state.errorOf(i, u)}
                />
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
