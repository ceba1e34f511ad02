import { Link } from 'react-router';
import type { ProductListState } from '~/shared/catalogue';
import { CATEGORIES, type Category } from '~/shared/constants';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { cn } from '~/web/components/ui/cn';
import { switchCategory } from './list-state';

/** All / Laptops / Desktops / Monitors as links that keep the search, sort and the filters that still apply. */
export function CategoryTabs({ state, href }: { state: ProductListState; href: (next: ProductListState) => string }) {
  const tabs: { label: string; category: Category | null }[] = [
    { label: 'All', category: null },
    ...CATEGORIES.map((c) => ({ label: CATEGORY_LABELS[c], category: c })),
  ];
  return (
    <nav aria-label="Categories" className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {tabs.map((tab) => {
          const active = tab.category === state.category;
          return (
            <li key={tab.label} className="shrink-0">
              <Link
                to={href(switchCategory(state, tab.category))}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-block rounded-full border px-4 py-1.5 text-sm font-medium',
                  active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
