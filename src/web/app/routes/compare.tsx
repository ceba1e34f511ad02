import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Columns3 } from 'lucide-react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '~/web/lib/toast';
import { MAX_COMPARE } from '~/shared/catalogue';
import { CATEGORIES } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { ProductCard } from '~/shared/schemas/catalogue';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Alert, EmptyState, ErrorState, Skeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useCart } from '~/web/lib/cart/cart-provider';
import { compareQueryOptions } from '~/web/features/catalogue/api/catalogue-queries';
import { CompareTable, keepColumns } from '~/web/features/catalogue/components/compare/compare-table';
import { CART_FULL_MESSAGE, cartProductOf } from '~/web/features/catalogue/components/detail/cart-product';
import { clearCompare, idsFromParams, removeFromCompare, useCompareList } from '~/web/features/catalogue/compare-store';
import { isApiError } from '~/web/lib/api-client';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = idsFromParams(params);
  const stored = useCompareList();
  // After a column is removed, the old answer (less that column) stays up until the new one arrives.
  const query = useQuery({ ...compareQueryOptions(ids), placeholderData: keepPreviousData });
  const data = query.data && keepColumns(query.data, ids);
  const { add } = useCart();
  const kind = data ? CATEGORY_LABELS[data.category].toLowerCase() : null;
  useDocumentTitle(kind ? `Compare ${kind}` : 'Compare products');

  // "Compare" opened without a list in the address: show this browser's list.
  if (ids.length === 0 && stored.ids.length > 0 && !params.has('ids')) return <Navigate to={paths.compare(stored.ids)} replace />;

  const remove = (id: string) => {
    removeFromCompare(id);
    const rest = ids.filter((other) => other !== id);
    // paths.compare keeps the commas readable (setParams would write %2C).
    void navigate(paths.compare(rest), { replace: true });
  };

  const addToCart = (product: ProductCard) => {
    if (!add(cartProductOf(product), 1)) return toast.error(CART_FULL_MESSAGE);
    toast.success(`Added ${product.name} to your cart`);
  };

  if (ids.length === 0) {
    return (
      <div>
        <PageHeader title="Compare products" />
        <EmptyState icon={<Columns3 />} title="Nothing to compare yet">
          <p>
            Tick <strong>Compare</strong> on up to {MAX_COMPARE} laptops, desktops or monitors — on a product’s page or in a list — and they
            gather in a bar at the bottom of the screen. Choose <strong>Compare</strong> there to see them side by side. Compare products of
            one kind at a time.
          </p>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {CATEGORIES.map((c) => (
              <li key={c}>
                <ButtonLink to={paths.category(c)} variant="secondary">
                  Browse {CATEGORY_LABELS[c].toLowerCase()}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </EmptyState>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title={kind ? `Compare ${kind}` : 'Compare products'}
        description={data ? `${data.products.length} side by side` : undefined}
        actions={
          data && data.products.length < MAX_COMPARE ? (
            <ButtonLink variant="secondary" to={paths.category(data.category)}>
              Add more {kind}
            </ButtonLink>
          ) : undefined
        }
      />
      {query.isPending ? (
        <div role="status" aria-label="Loading the comparison" className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {ids.map((id) => (
            <Skeleton key={id} className="h-96" />
          ))}
        </div>
      ) : query.isError ? (
        isApiError(query.error) && (query.error.status === 400 || query.error.status === 404) ? (
          <Alert tone="warning" title="These products cannot be compared">
            <p>{query.error.message}</p>
            <p className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  clearCompare();
                  void navigate(paths.compare(), { replace: true });
                }}
              >
                Start a new comparison
              </Button>
            </p>
          </Alert>
        ) : (
          <ErrorState title="The comparison could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : !data || data.products.length === 0 ? (
        <EmptyState
          icon={<Columns3 />}
          title="These products are no longer sold"
          action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}
        />
      ) : (
        <>
          <CompareTable data={data} onRemove={remove} onAddToCart={addToCart} />
          {data.products.length === 1 && (
            <p className="mt-4 text-sm text-slate-700">
              Add another {CATEGORY_LABELS[data.category].toLowerCase().replace(/s$/, '')} to compare:{' '}
              <Link className="font-semibold text-brand-700 underline" to={paths.category(data.category)}>
                browse {kind}
              </Link>
              .
            </p>
          )}
        </>
      )}
    </div>
  );
}
