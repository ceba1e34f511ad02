import { PackageSearch } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { CATEGORIES, SHOP, type Category } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { ButtonLink } from '~/web/components/ui/button';
import { cn } from '~/web/components/ui/cn';
import { EmptyState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import NotFoundPage from './not-found';

function isCategory(value: string | undefined): value is Category {
  return CATEGORIES.includes(value as Category);
}

/** /products and /category/{category}: one screen (seed). */
export default function ProductsPage() {
  const { category } = useParams();
  const known = category === undefined || isCategory(category);
  const title = known && category ? CATEGORY_LABELS[category as Category] : 'All products';
  useDocumentTitle(known ? title : 'Page not found');
  if (!known) return <NotFoundPage />;

  const tabs = [{ label: 'All', to: paths.products, active: !category }, ...CATEGORIES.map((c) => ({ label: CATEGORY_LABELS[c], to: paths.category(c), active: c === category }))];
  return (
    <div>
      <PageHeader title={title} />
      <nav aria-label="Categories" className="mb-6 flex flex-wrap gap-2">
        {tabs.map((t) => (
          <Link
            key={t.to}
            to={t.to}
            aria-current={t.active ? 'page' : undefined}
            className={cn('rounded-full border px-4 py-1.5 text-sm font-medium', t.active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100')}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <EmptyState icon={<PackageSearch />} title="No products are listed yet" action={<ButtonLink to={paths.contact}>Ask us for a quote</ButtonLink>}>
        Our online catalogue is being set up. For today&apos;s prices and stock, call {SHOP.phone} or send us a message and an expert will reply.
      </EmptyState>
    </div>
  );
}
