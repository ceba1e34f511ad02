import { SearchX } from 'lucide-react';
import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden="true" className="size-12 text-brand-600" />
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">We could not find the page you were looking for. It may have moved, or the address may have a typo.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
        <ButtonLink to={paths.products} variant="secondary">
          Browse products
        </ButtonLink>
      </div>
    </div>
  );
}
