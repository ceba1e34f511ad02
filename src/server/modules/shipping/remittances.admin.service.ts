import { formatPaise } from '~/shared/money';
import {
  REMITTANCE_FILE_MAX_ROWS,
  type CodRemittancesResponse,
  type RemittanceRowResult,
  type UploadRemittanceResponse,
} from '~/shared/schemas/cod-remittances';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readCsv } from '../../lib/csv';
import { indiaDay } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import * as repo from './remittances.repo';

const DAY_MS = 86_400_000;
/** How many owed parcels the admin's screen lists (the per-courier totals count them all). */
const OWED_LISTED = 200;
const REMITTANCES_LISTED = 50;

/** A row of a remittance file as read, before it meets the shop's parcels. */
export interface RemittanceFileRow {
  line: number;
  awb: string;
  reference: string;
  amountPaise: number | null;
  remittedOn: string | null;
  /** Why the row cannot be read; null when it can. */
  problem: string | null;
}

/** A file's header names, as couriers' reports spell them, to the four columns the shop reads. */
const COLUMN_NAMES: Record<string, 'awb' | 'amount' | 'reference' | 'date'> = {
  awb: 'awb',
  awbcode: 'awb',
  awbno: 'awb',
  awbnumber: 'awb',
  trackingnumber: 'awb',
  amount: 'amount',
  codamount: 'amount',
  remittedamount: 'amount',
  amountrs: 'amount',
  reference: 'reference',
  utr: 'reference',
  utrno: 'reference',
  utrnumber: 'reference',
  remittancereference: 'reference',
  remittanceref: 'reference',
  remittanceid: 'reference',
  date: 'date',
  remittancedate: 'date',
  remittedon: 'date',
  utrdate: 'date',
};

const headerKey = (h: string) => COLUMN_NAMES[h.toLowerCase().replace(/[^a-z]/g, '')] ?? h;

/** Rupees as typed in a courier's report ("₹1,249.50", "1249.5", "1249") in paise; null when it is not an amount. */
export function paiseOf(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A day as YYYY-MM-DD from "2026-12-05", "05-12-2026" or "05/12/2026"; null when it is no calendar day. */
export function dayOf(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const indian = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(t);
  const [y, mo, d] = iso ? [iso[1], iso[2], iso[3]] : indian ? [indian[3], indian[2], indian[1]] : [];
  if (!y) return null;
  const day = `${y}-${mo}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/** A remittance file's rows, each read or with the reason it cannot be. A file without the four columns is a 400. */
export async function readRemittanceFile(csv: string, today = indiaDay(new Date())): Promise<RemittanceFileRow[]> {
  let read: { records: Record<string, string>[]; more: boolean };
  try {
    read = await readCsv<Record<string, string>>(
      csv,
      { columns: (header: string[]) => header.map(headerKey), skip_empty_lines: true, trim: true, relax_column_count: true },
      { maxRecords: REMITTANCE_FILE_MAX_ROWS },
    );
  } catch (error) {
    throw new AppError('VALIDATION', 'The file is not a CSV the shop can read.', {
      fields: { csv: 'The file is not a CSV the shop can read: save it from the spreadsheet as CSV (comma separated).' },
      cause: error,
    });
  }
  if (read.more) {
    throw new AppError('VALIDATION', 'Too many rows.', {
      fields: { csv: `A remittance file may have at most ${REMITTANCE_FILE_MAX_ROWS.toLocaleString('en-IN')} rows; split it.` },
    });
  }
  const first = read.records[0];
  const missing = (['awb', 'amount', 'reference', 'date'] as const).filter((c) => first && !(c in first));
  if (!first || missing.length > 0) {
    throw new AppError('VALIDATION', 'The file lacks columns.', {
      fields: {
        csv: first
          ? `The file has no ${missing.join(', ')} column: its first row names AWB, amount, reference and date.`
          : 'The file has no rows.',
      },
    });
  }
  return read.records.map((r, i) => {
    const awb = (r.awb ?? '').trim().toUpperCase();
    const reference = (r.reference ?? '').trim().toUpperCase();
    const amountPaise = paiseOf(r.amount ?? '');
    const remittedOn = dayOf(r.date ?? '');
    const problem = !awb
      ? 'The AWB is empty.'
      : !/^[A-Z0-9]{6,40}$/.test(awb)
        ? 'The AWB has characters no AWB has.'
        : !/^[A-Z0-9]{6,30}$/.test(reference)
          ? 'The remittance reference (UTR) should be 6 to 30 letters and digits.'
          : amountPaise === null || amountPaise === 0
            ? 'The amount is not an amount in rupees (like 1249.50).'
            : remittedOn === null
              ? 'The date is not a day (YYYY-MM-DD or DD-MM-YYYY).'
              : remittedOn > today
                ? 'The date is in the future.'
                : null;
    return { line: i + 2, awb, reference, amountPaise, remittedOn, problem };
  });
}

/**
 * Cash on delivery reconciled (decision 81): a courier's remittance file marks each parcel's cash as received,
 * exactly once — the provider's reconciliations are serialised, and a parcel has one remittance line ever — and the
 * admin reads the remittances and what each courier still owes. The payouts' release of the sellers' lines runs in
 * the same transaction (the flow `receive-cod-remittance`).
 */
export function createRemittancesService(deps: { db: Database; providerName: string; audit: Pick<AuditService, 'record'> }) {
  const { db, audit } = deps;

  return {
    providerName: deps.providerName,
    read: readRemittanceFile,

    /**
     * Inside the caller's transaction: every readable row meets the provider's parcel of its AWB; a parcel whose
     * cash matches and is not in yet is received into the remittance of its reference. Returns each row's outcome
     * and the parcels received (for the payouts).
     */
    async reconcile(
      tx: Executor,
      input: {
        provider: string;
        rows: readonly RemittanceFileRow[];
        source: 'upload' | 'provider';
        fileName: string | null;
        adminId: string | null;
      },
    ): Promise<{ response: UploadRemittanceResponse; received: { orderId: string; vendorId: string }[] }> {
      await repo.lockProvider(tx, input.provider);
      const readable = input.rows.filter((r) => r.problem === null);
      const parcels = new Map(
        (
          await repo.shipmentsByAwb(
            tx,
            input.provider,
            readable.map((r) => r.awb),
          )
        ).map((p) => [p.awb, p]),
      );
      const numbers = await repo.orderNumbers(tx, [...new Set([...parcels.values()].map((p) => p.orderId))]);
      const remittanceIds = new Map<string, { id: string; remittedOn: string }>();
      const seen = new Set<string>();
      const results: RemittanceRowResult[] = [];
      const received: { orderId: string; vendorId: string }[] = [];
      let receivedPaise = 0;
      for (const row of input.rows) {
        const parcel = parcels.get(row.awb);
        const base = {
          line: row.line,
          awb: row.awb,
          reference: row.reference,
          amountPaise: row.amountPaise,
          orderNumber: parcel ? (numbers.get(parcel.orderId) ?? null) : null,
        };
        const refuse = (outcome: RemittanceRowResult['outcome'], message: string) => results.push({ ...base, outcome, message });
        if (row.problem !== null) {
          refuse('invalid', row.problem);
          continue;
        }
        if (!parcel) {
          refuse('unknown_awb', `No parcel of ${input.provider} has AWB ${row.awb}.`);
          continue;
        }
        if (parcel.codAmountPaise === null) {
          refuse('not_cod', `AWB ${row.awb} (order ${base.orderNumber}) was prepaid: the courier collected no cash for it.`);
          continue;
        }
        if (parcel.codAmountPaise !== row.amountPaise) {
          refuse(
            'amount_mismatch',
            `The courier collects ${formatPaise(parcel.codAmountPaise)} for AWB ${row.awb}; the file says ${formatPaise(row.amountPaise!)}.`,
          );
          continue;
        }
        if (parcel.remittedIn !== null || seen.has(row.awb)) {
          refuse('already_remitted', `The cash of AWB ${row.awb} was received already.`);
          continue;
        }
        let remittance = remittanceIds.get(row.reference);
        if (!remittance) {
          remittance = await repo.remittanceOf(tx, {
            id: newId('rem'),
            provider: input.provider,
            reference: row.reference,
            remittedOn: row.remittedOn!,
            source: input.source,
            fileName: input.fileName,
            createdBy: input.adminId,
          });
          remittanceIds.set(row.reference, remittance);
        }
        if (remittance.remittedOn !== row.remittedOn) {
          refuse('invalid', `Remittance ${row.reference} is of ${remittance.remittedOn}; this row says ${row.remittedOn}.`);
          continue;
        }
        const written = await repo.insertLine(tx, {
          id: newId('reml'),
          remittanceId: remittance.id,
          courierShipmentId: parcel.id,
          awb: row.awb,
          amountPaise: row.amountPaise!,
        });
        if (!written) {
          refuse('already_remitted', `The cash of AWB ${row.awb} was received already.`);
          continue;
        }
        seen.add(row.awb);
        received.push({ orderId: parcel.orderId, vendorId: parcel.vendorId });
        receivedPaise += row.amountPaise!;
        results.push({ ...base, outcome: 'received', message: null });
      }
      for (const r of remittanceIds.values()) await repo.dropIfEmpty(tx, r.id);
      const summary = {
        rows: input.rows.length,
        received: received.length,
        receivedPaise,
        problems: input.rows.length - received.length,
        remittances: remittanceIds.size,
      };
      await audit.record(tx, {
        action: 'cod.remittance_received',
        entityType: 'cod_remittance',
        entityId: [...remittanceIds.keys()].join(',').slice(0, 200) || 'none',
        summary: `COD remittance file${input.fileName ? ` ${input.fileName}` : ''} of ${input.provider}: ${summary.received} of ${summary.rows} parcels' cash received (${formatPaise(receivedPaise)}), ${summary.problems} not`,
        after: { provider: input.provider, source: input.source, references: [...remittanceIds.keys()], ...summary },
      });
      return { response: { summary, rows: results }, received };
    },

    /** The latest remittances and what each courier still owes (delivered cash-on-delivery parcels not remitted), with their age. */
    async overview(now = new Date()): Promise<CodRemittancesResponse> {
      const [remittances, couriers, parcels] = await Promise.all([
        repo.latestRemittances(db, REMITTANCES_LISTED),
        repo.owedByCourier(db),
        repo.owedParcels(db, OWED_LISTED),
      ]);
      const age = (at: Date | string) => Math.max(0, Math.floor((now.getTime() - new Date(at).getTime()) / DAY_MS));
      const owed = couriers.map((c) => ({
        provider: c.provider,
        courierName: c.courier_name,
        parcels: c.parcels,
        amountPaise: Number(c.amount_paise),
        oldestDeliveredAt: new Date(c.oldest_delivered_at).toISOString(),
        oldestAgeDays: age(c.oldest_delivered_at),
      }));
      return {
        provider: deps.providerName,
        remittances: remittances.map((r) => ({
          id: r.id,
          provider: r.provider,
          reference: r.reference,
          remittedOn: r.remittedOn,
          amountPaise: Number(r.amountPaise),
          parcels: r.parcels,
          couriers: r.couriers,
          source: r.source as 'upload' | 'provider',
          fileName: r.fileName,
          createdAt: r.createdAt.toISOString(),
        })),
        owed: {
          couriers: owed,
          parcels: parcels.map((p) => ({
            provider: p.provider,
            courierName: p.courier_name,
            awb: p.awb,
            orderId: p.order_id,
            orderNumber: p.order_number,
            codAmountPaise: p.cod_amount_paise,
            deliveredAt: new Date(p.delivered_at).toISOString(),
            ageDays: age(p.delivered_at),
          })),
          totalPaise: owed.reduce((s, c) => s + c.amountPaise, 0),
          totalParcels: owed.reduce((s, c) => s + c.parcels, 0),
        },
      };
    },
  };
}

export type RemittancesService = ReturnType<typeof createRemittancesService>;
