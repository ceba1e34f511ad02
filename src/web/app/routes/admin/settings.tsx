import { PageHeader } from '~/web/components/ui/page-header';
import { ShopSettingsPanel } from '~/web/features/admin-settings/components/settings-form';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminSettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div>
      <PageHeader
        title="Settings"
        description="The shop's details on invoices, delivery charges, cash on delivery, the payment timeout and the return window. Changes apply at once, without a restart."
      />
      <ShopSettingsPanel />
    </div>
  );
}
