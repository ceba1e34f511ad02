import type * as SonnerModule from 'sonner';

/**
 * `toast` with sonner's call shapes (`toast(message, options)`, `toast.success`, `toast.error`, ...),
 * but sonner itself is not in the script every page loads first: it loads once the page has settled
 * (components/ui/toaster), or at the first toast if that comes sooner. A toast asked for before sonner
 * is there shows once it is: sonner hands the toasts made before its Toaster subscribed to it.
 */
type Sonner = typeof SonnerModule;
type ExternalToast = SonnerModule.ExternalToast;
type Message = Parameters<Sonner['toast']>[0];
type Kind = 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Loads sonner once; the lazy Toaster (components/ui/toaster) mounts as soon as this is called. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    // A failed load (the connection dropped) is tried again by the next toast.
    sonner.catch(() => (sonner = undefined));
    listeners.forEach((listener) => listener());
  }
  return sonner;
}

/** Whether sonner has been asked for yet, and a subscription to the moment it is (for the Toaster). */
export const sonnerRequested = () => sonner !== undefined;
export function onSonnerRequested(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function show(kind: Kind | undefined, message: Message, data?: ExternalToast) {
  loadSonner().then(
    ({ toast: sonnerToast }) => (kind ? sonnerToast[kind](message, data) : sonnerToast(message, data)),
    (error: unknown) => console.error('Could not load the notifications to show a message', error),
  );
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show(undefined, message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
});
