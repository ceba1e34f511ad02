/**
 * The fields of `next` whose values differ from `current`, each side's value: what an audit entry
 * records of an update. Values are compared as JSON (dates, numbers and nested values alike).
 */
export function changedFields(current: Record<string, unknown>, next: Record<string, unknown>) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(value ?? null)) {
      before[key] = current[key] ?? null;
      after[key] = value;
    }
  }
  return { before, after, changed: Object.keys(after) };
}
