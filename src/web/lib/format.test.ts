import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMonth, formatRelativeTime, formatWeekdayDate } from './format';

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('words a moment in the unit a person would use, before and after now', () => {
    expect(formatRelativeTime(at(0), NOW)).toBe('now');
    expect(formatRelativeTime(at(-20), NOW)).toBe('20 seconds ago');
    expect(formatRelativeTime(at(30), NOW)).toBe('in 30 seconds');
    expect(formatRelativeTime(at(50), NOW)).toBe('in 1 minute');
    expect(formatRelativeTime(at(25 * 60), NOW)).toBe('in 25 minutes');
    expect(formatRelativeTime(at(-90 * 60), NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(at(-30 * 3600), NOW)).toBe('yesterday');
    expect(formatRelativeTime(at(-10 * 86_400), NOW)).toBe('10 days ago');
    expect(formatRelativeTime(at(-60 * 86_400), NOW)).toBe('2 months ago');
    expect(formatRelativeTime(at(400 * 86_400), NOW)).toBe('next year');
  });
});

describe('formatDateTime', () => {
  it('shows the time in India, in its own format', () => {
    expect(formatDateTime('2026-11-26T10:00:00.000Z')).toBe('26 Nov 2026, 3:30 pm');
  });
});

describe('formatMonth', () => {
  it('names a report month as a person says it, and leaves anything else as it is', () => {
    expect(formatMonth('2026-10')).toBe('October 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth('2026-13')).toBe('2026-13');
  });
});

describe('dates formatted without Intl (decision 36)', () => {
  const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
  const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
  // Every month of two years, at moments either side of India's midnight (18:29 and 18:31 UTC).
  const moments: Date[] = [];
  for (let month = 0; month < 24; month++)
    for (const [day, hour, minute] of [
      [1, 18, 29],
      [1, 18, 31],
      [15, 0, 0],
      [28, 23, 59],
    ] as const)
      moments.push(new Date(Date.UTC(2026 + Math.floor(month / 12), month % 12, day, hour, minute)));

  it('writes a date as Intl en-IN does in India, also just before and after midnight there', () => {
    for (const moment of moments) {
      expect(formatDate(moment)).toBe(date.format(moment));
      expect(formatDate(moment.toISOString())).toBe(date.format(moment));
    }
    expect(formatDate('2026-11-26T18:29:00.000Z')).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26T18:31:00.000Z')).toBe('27 Nov 2026');
  });

  it('writes a day in India with its weekday as Intl en-IN does', () => {
    for (const moment of moments) {
      const iso = new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 10);
      expect(formatWeekdayDate(iso)).toBe(weekday.format(new Date(`${iso}T12:00:00+05:30`)));
    }
    expect(formatWeekdayDate('2026-11-26')).toBe('Thu, 26 Nov');
  });

  it('groups counts the Indian way, and keeps a fraction', () => {
    expect(formatCount(1_23_456)).toBe('1,23,456');
    expect(formatCount(-1_234)).toBe('-1,234');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
