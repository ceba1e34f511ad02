import type { LedgerState } from '~/shared/schemas/payouts';

/** Basis points as a percentage: 50 → 0.5%, 1800 → 18%. */
export const percent = (bp: number) => `${(bp / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

export const STATE_TONES: Record<LedgerState, 'neutral' | 'success' | 'warning' | 'brand'> = {
  in_return_window: 'warning',
  return_requested: 'warning',
  awaiting_cod_cash: 'warning',
  payable: 'brand',
  in_payout: 'brand',
  paid: 'success',
  reversed: 'neutral',
};

/** The calendar month in India now, like 2026-11. */
export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(now).slice(0, 7);
}

/** 2026-11 → November 2026. */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}
