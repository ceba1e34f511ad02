import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';

/** Last line of defence when a page throws while rendering: say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const message = chunkFailed
    ? 'A newer version of the shop is available, or the connection dropped while loading this page.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : 'Something went wrong while showing this page.';
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">This page could not be shown</h1>
      <p className="text-slate-600">{message}</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <a href="/" className="inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold text-brand-700 underline">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
