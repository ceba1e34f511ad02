import { Clock } from 'lucide-react';
import { documentHeld, documentHeldMessage, type DocumentEInvoice } from '~/shared/schemas/einvoices';

/**
 * A held document's notice (decision 76): a business's invoice or credit note waits for its IRN from
 * the GST portal before it can be viewed or downloaded, and says so where its link would be.
 */
export function HeldDocumentNotice({
  document,
  number,
  eInvoices,
}: {
  document: 'invoice' | 'credit note';
  number: string;
  eInvoices: readonly DocumentEInvoice[] | undefined;
}) {
  if (!documentHeld(eInvoices)) return null;
  return (
    <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="document-held">
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="font-semibold">{document === 'invoice' ? `Tax invoice ${number}` : `Credit note ${number}`}:</span>{' '}
        {documentHeldMessage(document, eInvoices)}
      </span>
    </p>
  );
}

/** A registered document's IRNs and acknowledgements, one per seller that e-invoices (none for others). */
export function EInvoiceNumbers({ eInvoices }: { eInvoices: readonly DocumentEInvoice[] | undefined }) {
  const registered = (eInvoices ?? []).filter((e) => e.status === 'registered' && e.irn);
  if (registered.length === 0) return null;
  return (
    <dl className="space-y-1 text-xs text-slate-600" aria-label="E-invoice">
      {registered.map((e) => (
        <div key={e.supplierGstin} className="break-all">
          <dt className="inline font-semibold text-slate-700">{registered.length > 1 ? `IRN (${e.sellerName}): ` : 'IRN: '}</dt>
          <dd className="inline font-mono">{e.irn}</dd>
          {e.ackNo && <dd className="text-slate-600">Ack No {e.ackNo}</dd>}
        </div>
      ))}
    </dl>
  );
}
