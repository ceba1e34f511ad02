import { PageHeader } from '~/web/components/ui/page-header';
import { CodRemittances } from '~/web/features/admin-cod/components/cod-remittances';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminCodRemittancesPage() {
  useDocumentTitle('COD remittances');
  return (
    <div>
      <PageHeader
        title="COD remittances"
        description="The couriers pay the cash they collect on delivery to the shop: upload each courier's remittance file to mark its parcels' cash received, and see what each courier still owes."
      />
      <CodRemittances />
    </div>
  );
}
