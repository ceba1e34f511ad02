import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTION_LABELS, auditActionLabel, auditFieldLabel } from './audit-labels';

const MODULES = path.resolve(__dirname, '../server/modules');

/** Every `'group.verb'` text in the server's modules (not its tests; payments' are the provider's webhook events). */
function actionsInServerCode(): string[] {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.includes('.test.') && !f.startsWith('payments'),
  );
  const found = new Set<string>();
  for (const file of files) {
    const text = readFileSync(path.join(MODULES, file), 'utf8');
    for (const m of text.matchAll(new RegExp(`'((?:${AUDIT_ACTION_GROUPS.join('|')})\\.[a-z_-]+)'`, 'g'))) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('the audit log’s words', () => {
  it('names every action the server records, each under a kind the filter offers', () => {
    const recorded = actionsInServerCode();
    expect(recorded.length).toBeGreaterThan(30);
    expect(recorded.filter((a) => !(a in AUDIT_ACTION_LABELS))).toEqual([]);
    const kinds: readonly string[] = AUDIT_ACTION_GROUPS;
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((a) => !kinds.includes(a.split('.')[0]!))).toEqual([]);
  });

  it('says an action or a field no label names yet in words of its code', () => {
    expect(auditActionLabel('order.refund_lines')).toBe('Refunded items');
    expect(auditActionLabel('vendor.approve')).toBe('Approved a vendor');
    expect(auditActionLabel('order.lost_in_transit')).toBe('Lost in transit');
    expect(auditFieldLabel('pricePaise')).toBe('Price');
    expect(auditFieldLabel('shipping.freeShippingAtPaise')).toBe('Free delivery from');
    expect(auditFieldLabel('courierPickupFeePaise')).toBe('Courier pickup fee');
    expect(auditFieldLabel('tdsRateBp')).toBe('Tds rate');
    expect(auditFieldLabel('returnPolicy.maxDays')).toBe('Return policy max days');
  });
});
