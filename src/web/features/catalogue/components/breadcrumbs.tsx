import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Crumb } from '~/shared/breadcrumbs';

/** The page's trail (`breadcrumbs` of shared/breadcrumbs), each step a link but the page itself, which is marked current. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const link = 'rounded text-slate-600 hover:text-slate-900 hover:underline';
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={crumb.path} className={i === 0 ? undefined : 'flex min-w-0 items-center gap-1'}>
              {i > 0 && <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />}
              {last ? (
                <span aria-current="page" className="max-w-[16rem] truncate text-slate-900 sm:max-w-md">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className={link}>
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
