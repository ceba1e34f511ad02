import { einvoicesQuerySchema } from '~/shared/schemas/einvoices';
import { EInvoicesBoard } from '~/web/components/einvoices/einvoices-board';
import { PageHeader } from '~/web/components/ui/page-header';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminEInvoicesPage() {
  useDocumentTitle('E-invoices');
  const { state, set } = useUrlListState(einvoicesQuerySchema);
  return (
    <div>
      <PageHeader
        title="E-invoices"
        description="B2B invoices and credit notes registered with the Invoice Registration Portal, for every seller above ₹5 crore turnover and the shop's own store. A registration the portal refuses shows its error: retry it once the cause is fixed. An IRN can be cancelled within 24 hours of its acknowledgement."
      />
      <EInvoicesBoard audience="admin" filter={state} onChange={set} />
    </div>
  );
}
