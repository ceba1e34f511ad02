import type { EInvoiceRegistration, EInvoicesQuery, EInvoicesResponse, CancelEInvoice } from '~/shared/schemas/einvoices';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit/audit.service';
import type { JobQueue } from '../jobs/job-queue';
import type { JobContext } from '../jobs/job-worker';
import { irnRequired } from './applicability';
import type { EInvoiceInput } from './einvoice-input';
import { computeIrn } from './irn';
import { buildIrpInvoice, type IrpInvoice } from './irp-json';
import { CANCEL_REASONS, IrpRefusal, type EInvoiceProvider, type IrpRegistration } from './provider';
import { CANCEL_WINDOW_MS } from './test-irp/test-irp';
import { validateIrpInvoice } from './validate-irp-invoice';
import * as repo from './einvoices.repo';

/** How often a registration is tried before it is left failed for an admin (retries back off exponentially). */
export const REGISTER_MAX_ATTEMPTS = 8;

/** Whose registrations a caller sees: an admin every one, a seller its own only. */
export type Scope = { vendorId?: string };

const jobKey = (id: string) => `einvoice:${id}`;

function view(row: repo.RegistrationRow): EInvoiceRegistration {
  const cancellable = row.status === 'registered' && row.ackDate ? new Date(row.ackDate.getTime() + CANCEL_WINDOW_MS) : null;
  return {
    id: row.id,
    vendorId: row.vendorId,
    documentType: row.documentType as 'INV' | 'CRN',
    documentNumber: row.documentNumber,
    documentDate: row.documentDate,
    documentRef: row.documentRef,
    supplierGstin: row.supplierGstin,
    buyerGstin: row.buyerGstin,
    buyerName: row.buyerName,
    totalPaise: row.totalPaise,
    status: row.status as EInvoiceRegistration['status'],
    irn: row.irn,
    ackNo: row.ackNo,
    ackDate: iso(row.ackDate),
    signedQrCode: row.signedQrCode,
    lastErrorCode: row.lastErrorCode,
    lastError: row.lastError,
    attempts: row.attempts,
    cancellableUntil: iso(cancellable),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason as EInvoiceRegistration['cancelReason'],
    cancelRemark: row.cancelRemark,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

const registeredValues = (r: IrpRegistration) => ({
  status: r.status === 'CNL' ? 'cancelled' : 'registered',
  irn: r.irn,
  ackNo: r.ackNo,
  ackDate: r.ackDate,
  signedInvoice: r.signedInvoice,
  signedQrCode: r.signedQrCode,
  lastErrorCode: null,
  lastError: null,
});

/**
 * E-invoices (decision 76): a B2B invoice's or credit note's IRP JSON is built and kept with the
 * document's registration, registered by the job `einvoices.register` through the e-invoice provider
 * (retried with backoff while the portal is busy or unreachable; a refusal is kept and shown), and
 * cancelled within 24 hours by an admin or its seller. What the shop itself decides: whether an IRN
 * is required (`required`), what the invoice prints (`ofDocument`).
 */
export function createEInvoicesService(deps: {
  db: Database;
  provider: EInvoiceProvider;
  jobs: JobQueue;
  audit: Pick<AuditService, 'record'>;
  /** From which invoice date e-invoicing applies to a seller (null: the shop's own store); null when it does not. */
  eInvoicingFromOf: (vendorId: string | null) => Promise<string | null>;
  now?: () => Date;
}) {
  const { db, provider, jobs, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function own(executor: Executor, id: string, scope: Scope): Promise<repo.RegistrationRow> {
    const row = await repo.find(executor, id, scope);
    if (!row) throw new AppError('NOT_FOUND', 'No such e-invoice');
    return row;
  }

  /** What a refusal or an outage leaves on the registration. */
  function failureValues(row: repo.RegistrationRow, error: unknown) {
    const code = error instanceof IrpRefusal ? error.code : 'UNREACHABLE';
    const message = error instanceof IrpRefusal ? error.message : `The e-invoice portal could not be reached: ${(error as Error).message}`;
    return { status: 'failed', lastErrorCode: code, lastError: message.slice(0, 1000), attempts: row.attempts + 1 };
  }

  return {
    /** Whether an invoice of this date (YYYY-MM-DD) of the seller (null: the shop's own store) needs an IRN. */
    async required(vendorId: string | null, invoiceDate: string): Promise<boolean> {
      return irnRequired(await deps.eInvoicingFromOf(vendorId), invoiceDate);
    },

    /**
     * Asks for a document's registration inside the caller's transaction (the B2B invoice's or the
     * credit note's): its IRP JSON is built and kept, and the job that registers it is queued with
     * it. A JSON the portal's schema would refuse is kept failed with the schema's errors, no job
     * queued. Asking again for the same document gives its registration as it stands.
     */
    async request(
      tx: Executor,
      request: { input: EInvoiceInput; vendorId: string | null; documentRef: string },
    ): Promise<EInvoiceRegistration> {
      const { input } = request;
      const payload = buildIrpInvoice(input);
      const problems = validateIrpInvoice(payload);
      const row = await repo.insert(tx, {
        id: newId('einv'),
        vendorId: request.vendorId,
        documentType: input.document.type,
        documentNumber: input.document.number,
        documentDate: input.document.date,
        documentRef: request.documentRef,
        supplierGstin: input.supplier.gstin,
        buyerGstin: input.buyer.gstin,
        buyerName: input.buyer.legalName,
        totalPaise: input.totals.invoicePaise,
        payload: payload as unknown as Record<string, unknown>,
        status: problems.length > 0 ? 'failed' : 'pending',
        lastErrorCode: problems[0]?.code ?? null,
        lastError:
          problems.length > 0
            ? problems
                .map((p) => p.message)
                .join('; ')
                .slice(0, 1000)
            : null,
      });
      if (!row) return view((await repo.findByDocument(tx, input.supplier.gstin, input.document.type, input.document.number))!);
      if (problems.length === 0) {
        await jobs.add(
          tx,
          'einvoices.register',
          { registrationId: row.id },
          { jobKey: jobKey(row.id), maxAttempts: REGISTER_MAX_ATTEMPTS },
        );
      }
      return view(row);
    },

    /**
     * The job `einvoices.register`: one try. A refusal that a retry cannot mend (the schema, a GSTIN)
     * is kept and the job ends; a busy or unreachable portal is kept and thrown, for the worker to try
     * again later. A duplicate IRN means the portal registered it before (an answer lost on the way):
     * its registration is fetched by IRN and kept, as the portal advises.
     */
    async runRegistration(registrationId: string, job?: Pick<JobContext, 'attempt' | 'maxAttempts'>) {
      const row = await repo.find(db, registrationId);
      if (!row || row.status === 'registered' || row.status === 'cancelled') return { skipped: true };
      const payload = row.payload as unknown as IrpInvoice;
      try {
        const registration = await provider.register(payload).catch(async (error: unknown) => {
          if (!(error instanceof IrpRefusal) || error.code !== '2150') throw error;
          const irn = computeIrn({
            supplierGstin: row.supplierGstin,
            documentType: row.documentType as 'INV' | 'CRN',
            documentNumber: row.documentNumber,
            documentDate: row.documentDate,
          });
          const existing = error.options.existing ?? (await provider.getByIrn({ supplierGstin: row.supplierGstin, irn }));
          if (!existing) throw error;
          return existing;
        });
        await repo.update(db, row.id, { ...registeredValues(registration), attempts: row.attempts + 1 });
        return { registered: registration.irn };
      } catch (error) {
        await repo.update(db, row.id, failureValues(row, error));
        const retryable = !(error instanceof IrpRefusal) || error.retryable;
        if (retryable) throw error;
        return { refused: error.code, attempt: job?.attempt };
      }
    },

    async list(query: EInvoicesQuery, scope: Scope = {}): Promise<EInvoicesResponse> {
      const { rows, total, counts } = await repo.list(db, {
        status: query.status,
        vendorId: scope.vendorId,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(view), total, page: query.page, pageSize: query.pageSize, counts };
    },

    /** One registration; a seller's other than its own is a 404. */
    async get(id: string, scope: Scope = {}): Promise<EInvoiceRegistration> {
      return view(await own(db, id, scope));
    },

    /** The latest registration of a document (by the shop's reference), for its PDF; null when none. */
    async ofDocument(documentType: 'INV' | 'CRN', documentRef: string): Promise<EInvoiceRegistration | null> {
      const row = await repo.findByRef(db, documentType, documentRef);
      return row ? view(row) : null;
    },

    /** Tries a failed registration again now, its job queued afresh; 409 unless it failed. */
    async retry(id: string, scope: Scope = {}): Promise<EInvoiceRegistration> {
      return db.transaction(async (tx) => {
        await own(tx, id, scope);
        const row = (await repo.lock(tx, id))!;
        if (row.status !== 'failed') throw new AppError('CONFLICT', `This e-invoice is ${row.status}: only a failed one can be retried`);
        const problems = validateIrpInvoice(row.payload);
        if (problems.length > 0) {
          throw new AppError(
            'CONFLICT',
            `The e-invoice does not pass the portal's schema, so a retry would fail again: ${problems[0]!.message}`,
          );
        }
        const updated = await repo.update(tx, id, { status: 'pending' });
        await jobs.add(tx, 'einvoices.register', { registrationId: id }, { jobKey: jobKey(id), maxAttempts: REGISTER_MAX_ATTEMPTS });
        await audit.record(tx, {
          action: 'einvoice.retry',
          entityType: 'einvoice',
          entityId: id,
          summary: `Retried the e-invoice of ${row.documentType} ${row.documentNumber} after ${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'}`,
          before: { status: row.status, lastErrorCode: row.lastErrorCode, lastError: row.lastError },
          after: { status: 'pending' },
        });
        return view(updated);
      });
    },

    /**
     * Cancels a registered IRN with the IRP's reason code and a remark: within 24 hours of its
     * acknowledgement (409 after, and for one not registered); the portal's refusal is a 409 with its code.
     */
    async cancel(id: string, body: CancelEInvoice, scope: Scope = {}): Promise<EInvoiceRegistration> {
      return db.transaction(async (tx) => {
        await own(tx, id, scope);
        const row = (await repo.lock(tx, id))!;
        if (row.status !== 'registered' || !row.irn || !row.ackDate) {
          throw new AppError('CONFLICT', `This e-invoice is ${row.status}: only a registered one can be cancelled`);
        }
        if (now().getTime() - row.ackDate.getTime() > CANCEL_WINDOW_MS) {
          throw new AppError(
            'CONFLICT',
            'An IRN can be cancelled within 24 hours of its acknowledgement only; issue a credit note instead',
          );
        }
        let cancelledAt: Date;
        try {
          ({ cancelledAt } = await provider.cancel({
            supplierGstin: row.supplierGstin,
            irn: row.irn,
            reason: body.reason,
            remark: body.remark,
          }));
        } catch (error) {
          if (error instanceof IrpRefusal)
            throw new AppError('CONFLICT', `The e-invoice portal refused the cancellation (${error.code}): ${error.message}`);
          throw error;
        }
        const updated = await repo.update(tx, id, {
          status: 'cancelled',
          cancelledAt,
          cancelReason: body.reason,
          cancelRemark: body.remark,
        });
        await audit.record(tx, {
          action: 'einvoice.cancel',
          entityType: 'einvoice',
          entityId: id,
          summary: `Cancelled the IRN of ${row.documentType} ${row.documentNumber}: ${CANCEL_REASONS[body.reason]} (${body.remark})`,
          before: { status: row.status },
          after: { status: 'cancelled', cancelReason: body.reason, cancelRemark: body.remark },
        });
        return view(updated);
      });
    },
  };
}

export type EInvoicesService = ReturnType<typeof createEInvoicesService>;
