import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './format';

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
