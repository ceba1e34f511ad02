import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/**
 * Puts the server's field errors on the form's fields and returns the message for the
 * form as a whole (shown above the submit button), or null when every problem had a field.
 * `rename` names the form's field of a server field that the form calls otherwise (`pricePaise`
 * typed as `price` in rupees).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  rename: Partial<Record<string, Path<T>>> = {},
): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE;
  let unplaced = false;
  for (const [serverName, message] of Object.entries(error.fields)) {
    const name = rename[serverName] ?? serverName;
    if ((fields as readonly string[]).includes(name)) setError(name as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  const placedAll = Object.keys(error.fields).length > 0 && !unplaced;
  return placedAll ? null : error.message;
}
