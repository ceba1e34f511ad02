import { auditFieldLabel } from '~/shared/audit-labels';
import { formatPaise } from '~/shared/money';
import type { AuditEntry } from '~/shared/schemas/audit';
import { formatCount, formatDateTime } from '~/web/lib/format';

/** A recorded value as a person reads it: one line, or several (shown as a list). */
export type Shown = string | string[];

/** One field an entry changed: its words and its values before and after. */
export interface ChangeRow {
  field: string;
  label: string;
  before: Shown;
  after: Shown;
}

/** What a value means besides its field's name: commission entries record rates under category names. */
interface Context {
  rates: boolean;
  couponKind?: string;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Codes some fields hold, in words; codes of other fields read as words of their own ("pending_review" → "Pending review"). */
const VALUE_WORDS: Record<string, Record<string, string>> = {
  how: { reversed: 'Taken off before it was paid out', deducted: 'Deducted from a later payout' },
};
const CODE_FIELDS = new Set(['status', 'vendorStatus', 'statusBeforeHidden', 'kind', 'role', 'storageType', 'how']);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function word(field: string, value: string): string {
  if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  const known = VALUE_WORDS[field]?.[value];
  if (known) return known;
  return CODE_FIELDS.has(field) && /^[a-z_]+$/.test(value) ? capitalised(value.replaceAll('_', ' ')) : value;
}

function number(field: string, value: number, context: Context): string {
  if (field.endsWith('Paise') && Number.isInteger(value)) return formatPaise(value);
  if (field.endsWith('Bp') || context.rates) return `${value / 100}%`;
  if (field === 'value' && context.couponKind === 'flat' && Number.isInteger(value)) return formatPaise(value);
  if (field === 'value' && context.couponKind === 'percent') return `${value}%`;
  // Ratings and sizes keep their decimals; counts are grouped as in India (1,00,000).
  return Number.isInteger(value) ? formatCount(value) : String(value);
}

/** A value on one line, however deep (inside a list or another value). */
function inline(field: string, value: unknown, context: Context): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return number(field, value, context);
  if (typeof value === 'string') return word(field, value);
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map((v) => inline(field, v, context)).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A line of an order ("2 × Lenovo IdeaPad Slim 3"), a specification ("Weight: 1.6 kg").
    if (typeof record.quantity === 'number' && (typeof record.name === 'string' || typeof record.itemId === 'string')) {
      const rest = Object.entries(record).filter(([k]) => !['quantity', 'name', 'itemId'].includes(k));
      const what = `${record.quantity} × ${String(record.name ?? record.itemId)}`;
      return rest.length > 0 ? `${what}: ${pairs(rest, context)}` : what;
    }
    if (typeof record.label === 'string' && 'value' in record && Object.keys(record).length === 2) {
      return `${record.label}: ${inline('', record.value, context)}`;
    }
    return pairs(Object.entries(record), context);
  }
  return String(value);
}

const pairs = (entries: [string, unknown][], context: Context) =>
  entries.map(([k, v]) => `${auditFieldLabel(k)} ${inline(k, v, context)}`).join(', ');

/** A field's value: a list or an object of several parts reads as a list, one part a line. */
export function shownValue(field: string, value: unknown, context: Context = { rates: false }): Shown {
  if (Array.isArray(value) && value.length > 1 && value.some((v) => typeof v === 'object' || (typeof v === 'string' && v.includes(' ')))) {
    return value.map((v) => inline(field, v, context));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 1) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => `${auditFieldLabel(k)}: ${inline(k, v, context)}`);
  }
  return inline(field, value, context);
}

const recordOf = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields an entry changed, in words, with their values before and after as a shop owner reads them. */
export function changesOf(entry: AuditEntry): ChangeRow[] {
  const before = recordOf(entry.before);
  const after = recordOf(entry.after);
  const kind = after.kind ?? before.kind;
  const context: Context = {
    rates: entry.action.startsWith('commission.'),
    ...(entry.entityType === 'coupon' && typeof kind === 'string' ? { couponKind: kind } : {}),
  };
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((field) => ({
    field,
    label: auditFieldLabel(field),
    before: shownValue(field, before[field], context),
    after: shownValue(field, after[field], context),
  }));
}
