import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { Button } from '../ui/button';

/** Last line of defence when a page throws while rendering: say so and offer a reload. */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  const message = chunkFailed
    ? 'A newer version of the shop is available, or the connection dropped while loading this page.'
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

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  failed: boolean;
  location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  // Going to another address (Back, a link elsewhere) tries again, as React Router's own boundary does.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed while rendering', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The error boundary of a route tree (what `errorElement` is in a data router): shows `RouteError`
 * in place of `children` when something under it throws while rendering, a page's chunk failing to load included.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children}</Boundary>;
}
