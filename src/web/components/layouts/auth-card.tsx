import type { ReactNode } from 'react';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** The centred card that login and registration pages sit in. */
export function AuthCard({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={wide ? 'mx-auto max-w-2xl' : 'mx-auto max-w-md'}>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 mb-6 text-sm text-slate-600">{description}</p>}
        {!description && <div className="mb-6" />}
        {children}
      </div>
    </div>
  );
}
