import { Spinner } from '../ui/spinner';

/** What shows while a page's code loads on demand. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600">
      <Spinner className="size-6 text-brand-600" />
      <span>Loading...</span>
    </div>
  );
}
