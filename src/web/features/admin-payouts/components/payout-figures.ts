import { COMMISSION_RATE_MAX_BP } from '~/shared/schemas/payouts';
import { formatDate } from '~/web/lib/format';

const RANGE = `Enter a rate from 0% to ${COMMISSION_RATE_MAX_BP / 100}%`;

/** Basis points as a percentage: 50 → 0.5%, 1800 → 18%. */
export const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** Basis points as the text of a percentage field: 500 → "5", 250 → "2.5". */
export const percentText = (bp: number) => String(bp / 100);

/**
 * A percentage typed by an admin ("5", "2.5", "12.75 %") as whole basis points, or the reason it is
 * not a commission rate (0% to 50%, at most two decimals). Empty text is `null`.
 */
export function parsePercent(text: string): { bp: number } | { error: string } | null {
  const t = text.replace('%', '').trim();
  if (t === '') return null;
  if (!/^-?\d+(\.\d*)?$/.test(t)) return { error: 'Enter a percentage like 5 or 7.5' };
  const n = Number(t);
  // A number that is out of range says the range, not the shape (150 and −1 are numbers).
  if (n < 0 || n * 100 > COMMISSION_RATE_MAX_BP) return { error: RANGE };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: 'Use at most two decimals, like 7.25' };
  return { bp: Math.round(n * 100) };
}

/** A settlement week, Monday to Sunday. */
export const weekLabel = (p: { periodStart: string; periodEnd: string }) => `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}`;

/** The Mondays of the last `count` settlement weeks that have ended (India time), newest first, as YYYY-MM-DD. */
export function recentWeeks(count = 12, now = new Date()): string[] {
  const india = new Date(now.getTime() + 330 * 60_000);
  const day = india.getUTCDay();
  const thisMonday = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()) - ((day + 6) % 7) * 86_400_000;
  return Array.from({ length: count }, (_, i) => new Date(thisMonday - (i + 1) * 7 * 86_400_000).toISOString().slice(0, 10));
}
