import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export type PreloadableComponent<T extends ComponentType<any>> = LazyExoticComponent<T> & {
  /** Loads the module now; once it is loaded, the component renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * React.lazy whose module can be loaded ahead. The browser loads a server-rendered page's modules
 * before it hydrates (decision 29): a component that suspended while hydrating would be replaced by its
 * fallback as soon as anything above it updated (the session, the restored cart), and the page would
 * jump. A module already loaded is handed to React.lazy as a thenable that resolves at once, which
 * React reads synchronously.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): PreloadableComponent<T> {
  let loaded: { default: T } | undefined;
  let pending: Promise<{ default: T }> | undefined;
  const preload = () => (pending ??= load().then((m) => (loaded = m)));
  const component = lazy<T>(() => {
    if (!loaded) return preload();
    const module = loaded;
    return { then: (resolve: (m: { default: T }) => void) => resolve(module) } as unknown as Promise<{ default: T }>;
  });
  return Object.assign(component, { preload });
}
