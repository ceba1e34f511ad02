import { useEffect, useState } from 'react';
import type { Toaster as SonnerToaster, ToasterProps } from 'sonner';
import { loadSonner, onSonnerRequested, sonnerRequested } from '~/web/lib/toast';

/**
 * Runs `task` once the page has settled: two seconds in (the page's own code and data go first),
 * then when the browser is idle, where it can tell. Returns the cancel.
 */
function whenSettled(task: () => void): () => void {
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  }, 2000);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * sonner's Toaster, loaded after the page has settled, so its live region is in place before the
 * first toast (screen readers announce changes only of regions already there), or at the first
 * toast if that comes sooner. It never throws: a failed load is tried again by the next toast.
 */
export function Toaster(props: ToasterProps) {
  const [Loaded, setLoaded] = useState<typeof SonnerToaster | null>(null);
  useEffect(() => {
    let active = true;
    const mount = () =>
      void loadSonner().then(
        (sonner) => active && setLoaded(() => sonner.Toaster),
        () => undefined,
      );
    const stopListening = onSonnerRequested(mount);
    let cancelSettled = () => {};
    if (sonnerRequested()) mount();
    else cancelSettled = whenSettled(mount);
    return () => {
      active = false;
      stopListening();
      cancelSettled();
    };
  }, []);
  return Loaded ? <Loaded {...props} /> : null;
}
