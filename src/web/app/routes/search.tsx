import { SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CATEGORIES } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { ButtonLink } from '~/web/components/ui/button';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  return (
    <div>
      <PageHeader title={q ? `Results for “${q}”` : 'Search'} />
      <EmptyState
        icon={<SearchX />}
        title={q ? `No products match “${q}”` : 'Type what you are looking for in the search box'}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {CATEGORIES.map((c) => (
              <ButtonLink key={c} to={paths.category(c)} variant="secondary" size="sm">
                {CATEGORY_LABELS[c]}
              </ButtonLink>
            ))}
          </div>
        }
      >
        {q ? 'No products are listed in our online catalogue yet, so there is nothing to match. Browse a category or contact us for advice.' : 'Search by brand, model or specification, for example “ThinkPad” or “27 inch 4K”.'}
      </EmptyState>
    </div>
  );
}
