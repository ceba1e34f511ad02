import { Link, useSearchParams } from 'react-router';
import { paths } from '~/shared/paths';
import { PageHeader } from '~/web/components/ui/page-header';
import { OrderHistory } from '~/web/features/orders/components/order-history';
import { useUser } from '~/web/lib/session/session';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function OrdersPage() {
  useDocumentTitle('My orders');
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const goTo = (next: number) => {
    const merged = new URLSearchParams(params);
    if (next > 1) merged.set('page', String(next));
    else merged.delete('page');
    setParams(merged);
    window.scrollTo({ top: 0 });
  };
  return (
    <div>
      <PageHeader
        title="My orders"
        description="Your orders, newest first."
        actions={
          user?.role === 'customer' ? (
            <div className="flex flex-wrap gap-4">
              <Link to={paths.accountQuotes} className="text-sm font-semibold text-brand-700 underline">
                My quotes
              </Link>
              <Link to={paths.accountComplaints} className="text-sm font-semibold text-brand-700 underline">
                My complaints
              </Link>
            </div>
          ) : undefined
        }
      />
      <OrderHistory page={page} onPageChange={goTo} />
    </div>
  );
}
