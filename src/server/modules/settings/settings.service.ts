import { formatPaise } from '~/shared/money';
import {
  defaultShopSettings,
  type AdminSettingsResponse,
  type GrievanceOfficer,
  type PublicSettings,
  type ShopSettings,
  type UpdateSettings,
} from '~/shared/schemas/settings';
import type { Database } from '../../db/client';
import type { ChangeBus } from '../../lib/change-bus';
import type { ResponseCache } from '../../lib/response-cache';
import { iso } from '../../lib/dates';
import { AppError } from '../../lib/app-error';
import { currentRequest } from '../../lib/request-context';
import type { AuditService } from '../audit/audit.service';
import * as repo from './settings.repo';

/**
 * How long a process trusts the settings it read before reading them again. Another process's save
 * reaches it sooner through the change bus (decision 32); this bounds a message that was lost.
 */
export const SETTINGS_FRESH_MS = 2_000;
/** The change bus's topic of a settings save. */
const TOPIC = 'settings';

type Leaf = string | number | null;
const LABELS: Record<string, { label: string; show: (v: Leaf) => string }> = {
  'invoice.name': { label: 'trade name on invoices', show: String },
  'invoice.legalName': { label: 'legal name on invoices', show: (v) => (v === '' ? 'none' : String(v)) },
  'invoice.address': { label: 'address on invoices', show: (v) => String(v).replaceAll('\n', ', ') },
  'invoice.gstin': { label: 'GSTIN on invoices', show: String },
  'invoice.email': { label: 'e-mail on invoices', show: String },
  'invoice.phone': { label: 'phone on invoices', show: String },
  'shipping.standardPaise': { label: 'standard delivery charge', show: (v) => formatPaise(Number(v)) },
  'shipping.expressPaise': { label: 'express delivery charge', show: (v) => formatPaise(Number(v)) },
  'shipping.freeShippingAtPaise': { label: 'free delivery threshold', show: (v) => formatPaise(Number(v)) },
  codLimitPaise: { label: 'cash on delivery limit', show: (v) => formatPaise(Number(v)) },
  returnWindowDays: { label: 'return window', show: (v) => `${v} days` },
  paymentTimeoutMinutes: { label: 'payment timeout', show: (v) => `${v} minutes` },
  eInvoicingFrom: { label: 'e-invoicing applies from', show: (v) => (v === null ? 'never' : String(v)) },
  'grievanceOfficer.name': { label: 'grievance officer', show: String },
  'grievanceOfficer.designation': { label: 'grievance officer’s designation', show: String },
  'grievanceOfficer.address': { label: 'grievance officer’s address', show: (v) => String(v).replaceAll('\n', ', ') },
  'grievanceOfficer.phone': { label: 'grievance officer’s phone', show: String },
  'grievanceOfficer.email': { label: 'grievance officer’s e-mail', show: String },
  'grievanceOfficer.hours': { label: 'grievance officer’s working hours', show: String },
};

function leaves(value: ShopSettings): Map<string, Leaf> {
  const out = new Map<string, Leaf>();
  const walk = (v: unknown, path: string) => {
    if (v !== null && typeof v === 'object') for (const [k, child] of Object.entries(v)) walk(child, path ? `${path}.${k}` : k);
    else out.set(path, v as Leaf);
  };
  walk(value, '');
  return out;
}

/** The settings that differ, as paths (`shipping.freeShippingAtPaise`) with their values before and after. */
export function settingsDiff(before: ShopSettings, after: ShopSettings) {
  const old = leaves(before);
  const changed: { path: string; before: Leaf | undefined; after: Leaf }[] = [];
  for (const [path, value] of leaves(after)) if (old.get(path) !== value) changed.push({ path, before: old.get(path), after: value });
  return changed;
}

/**
 * The shop's settings (issue 12 point 10): read by checkout, orders, the cart and payouts on each
 * request, kept by each process for SETTINGS_FRESH_MS at most and dropped at once by the process
 * that saves and, through the change bus, by every other; saved by an admin with the version the
 * form was read at, audited in the same transaction.
 */
export function createSettingsService(deps: {
  db: Database;
  audit: Pick<AuditService, 'record'>;
  defaults: ShopSettings;
  /** The shop's cached answers and pages, which show delivery charges, the COD limit and the return window. */
  cache?: Pick<ResponseCache, 'invalidate'>;
  /** Tells the other processes of a save, and this one of theirs. */
  bus?: ChangeBus;
}) {
  const { db, audit } = deps;
  let cached: { at: number; row: repo.SettingsRow | undefined } | undefined;
  /** Bumped by every save heard of: a read that overlapped one is not kept. */
  let saves = 0;
  const forget = () => {
    saves += 1;
    cached = undefined;
  };
  deps.bus?.subscribe(TOPIC, forget);

  async function row(): Promise<repo.SettingsRow | undefined> {
    if (cached && Date.now() - cached.at < SETTINGS_FRESH_MS) return cached.row;
    const seen = saves;
    const fresh = await repo.read(db);
    if (seen === saves) cached = { at: Date.now(), row: fresh };
    return fresh;
  }

  /** Saved values over the defaults: a setting added in a later release reads its default until saved. */
  const merge = (saved: ShopSettings | undefined): ShopSettings =>
    saved
      ? {
          ...deps.defaults,
          ...saved,
          invoice: { ...deps.defaults.invoice, ...saved.invoice },
          shipping: { ...deps.defaults.shipping, ...saved.shipping },
          grievanceOfficer: { ...deps.defaults.grievanceOfficer!, ...saved.grievanceOfficer },
        }
      : deps.defaults;

  function adminView(r: repo.SettingsRow | undefined): AdminSettingsResponse {
    return {
      settings: merge(r?.value),
      version: r?.version ?? 0,
      updatedAt: iso(r?.updatedAt ?? null),
      updatedBy: r?.updatedByEmail ?? null,
    };
  }

  return {
    /** The settings in force now. */
    async current(): Promise<ShopSettings> {
      return merge((await row())?.value);
    },

    async publicView(): Promise<PublicSettings> {
      const { shipping, codLimitPaise, returnWindowDays, paymentTimeoutMinutes, grievanceOfficer } = merge((await row())?.value);
      return { shipping, codLimitPaise, returnWindowDays, paymentTimeoutMinutes, grievanceOfficer: grievanceOfficer! };
    },

    /** The grievance officer named on the public page and in the complaint e-mails (rule 4(4)). */
    async grievanceOfficer(): Promise<GrievanceOfficer> {
      return merge((await row())?.value).grievanceOfficer!;
    },

    async forAdmin(): Promise<AdminSettingsResponse> {
      return adminView(await repo.read(db));
    },

    /** Saves every setting; 409 when someone saved since `version` was read. Nothing changed: nothing written. */
    async update(input: UpdateSettings): Promise<AdminSettingsResponse> {
      const viewer = currentRequest()?.viewer;
      const saved = await db.transaction(async (tx) => {
        const existing = await repo.readLocked(tx);
        const version = existing?.version ?? 0;
        if (input.version !== version) {
          throw new AppError(
            'CONFLICT',
            'Someone else saved the settings after you opened them. Reload to see their changes, then save again.',
          );
        }
        const before = merge(existing?.value);
        // A form that does not know the grievance officer (an older release's) keeps the saved one.
        const next: ShopSettings = { ...input.settings, grievanceOfficer: input.settings.grievanceOfficer ?? before.grievanceOfficer };
        const changed = settingsDiff(before, next);
        if (changed.length === 0) return existing ?? null;
        const written = await repo.write(tx, next, version + 1, { userId: viewer?.userId ?? null, email: viewer?.email ?? null });
        if (!written) {
          throw new AppError(
            'CONFLICT',
            'Someone else saved the settings after you opened them. Reload to see their changes, then save again.',
          );
        }
        const words = changed.map(({ path, before: b, after: a }) => {
          const { label, show } = LABELS[path] ?? { label: path, show: String };
          return `${label} ${b === undefined ? 'none' : show(b)} → ${show(a)}`;
        });
        await audit.record(tx, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: 'shop',
          summary: `Settings changed: ${words.join('; ')}`,
          before: Object.fromEntries(changed.map((c) => [c.path, c.before ?? null])),
          after: Object.fromEntries(changed.map((c) => [c.path, c.after])),
        });
        return written;
      });
      forget();
      if (saved) await Promise.all([deps.cache?.invalidate(), deps.bus?.publish(TOPIC)]);
      return adminView(saved ?? undefined);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;

/** The defaults of a new shop: the built-in values, with the payment timeout of the configuration. */
export const settingsDefaults = (paymentTimeoutMinutes: number) => defaultShopSettings(paymentTimeoutMinutes);
