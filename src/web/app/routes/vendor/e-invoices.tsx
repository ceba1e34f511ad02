import { einvoicesQuerySchema } from '~/shared/schemas/einvoices';
import { EInvoicesBoard } from '~/web/components/einvoices/einvoices-board';
import { PageHeader } from '~/web/components/ui/page-header';
import { useUrlListState } from '~/web/lib/list-state/use-url-list-state';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorEInvoicesPage() {
  useDocumentTitle('E-invoices');
  const { state, set } = useUrlListState(einvoicesQuerySchema);
  return (
    <div>
      <PageHeader
        title="E-invoices"
        description="Your B2B invoices and credit notes registered with the Invoice Registration Portal, with their IRN. A registration the portal refuses shows its error: retry it once the cause is fixed. An IRN can be cancelled within 24 hours of its acknowledgement."
      />
      <EInvoicesBoard audience="vendor" filter={state} onChange={set} />
    </div>
  );
}
