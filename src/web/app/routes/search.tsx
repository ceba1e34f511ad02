import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { BrowseElsewhere } from '~/web/features/catalogue/components/list/empty-results';
import { ProductListScreen } from '~/web/features/catalogue/components/list/product-list-screen';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** /search?q=…: the product list for a search (sorted by best match), or a prompt when there is nothing to search for. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  if (!q) {
    return (
      <div>
        <PageHeader title="Search" />
        <EmptyState icon={<Search />} title="What are you looking for?" action={<BrowseElsewhere />}>
          Type in the search box at the top: a brand, a model or a specification, for example “ThinkPad”, “16GB RAM” or “27 inch 4K”.
        </EmptyState>
      </div>
    );
  }
  return <ProductListScreen mode="search" title={`Results for “${q}”`} />;
}
