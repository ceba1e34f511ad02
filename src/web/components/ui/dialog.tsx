import type * as RadixDialog from '@radix-ui/react-dialog';
import { Suspense, use, useState, type ComponentProps, type ReactNode } from 'react';

/**
 * Radix Dialog's parts, with the library loaded when a dialog first opens rather than with the page:
 * a dialog that may never open (the compare toggle's question on every product card) should not cost
 * every page that shows one. Use as `import * as Dialog from '~/web/components/ui/dialog'`.
 * Only for dialogs opened from state (`open` + `onOpenChange`): a Trigger must be on screen before the
 * library is, so render a plain button that sets the state (and calls `preloadDialog` on hover or focus).
 */
type Radix = typeof RadixDialog;

let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;

/** Starts loading the library (a failed load is tried again by the next call). */
export function preloadDialog(): Promise<Radix> {
  loading ??= import('@radix-ui/react-dialog').then(
    (module) => (radix = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The library; suspends until it has loaded. The parts below render only inside a loaded Root, so they never wait. */
function useRadix(): Radix {
  return radix ?? use(preloadDialog());
}

export function Root({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  // Nothing is on screen until the first opening; from then on the dialog stays mounted as a Radix one would.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedRoot open={open} onOpenChange={onOpenChange}>
        {children}
      </LoadedRoot>
    </Suspense>
  );
}

function LoadedRoot(props: ComponentProps<Radix['Root']>) {
  const Dialog = useRadix();
  return <Dialog.Root {...props} />;
}

export function Portal(props: ComponentProps<Radix['Portal']>) {
  const Dialog = useRadix();
  return <Dialog.Portal {...props} />;
}

export function Overlay(props: ComponentProps<Radix['Overlay']>) {
  const Dialog = useRadix();
  return <Dialog.Overlay {...props} />;
}

/**
 * Radix gives focus back to its Trigger on closing, and these dialogs have none (see above): focus
 * would fall to the page's body, and a keyboard user would start again from the top. So the content
 * notes what had focus when it opened (it mounts at each opening, before Radix moves focus into it)
 * and gives focus back there, unless the caller's `onCloseAutoFocus` decided otherwise or that
 * element has left the page (the row it was in is gone).
 */
export function Content({ onCloseAutoFocus, ...props }: ComponentProps<Radix['Content']>) {
  const Dialog = useRadix();
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  return (
    <Dialog.Content
      {...props}
      onCloseAutoFocus={(event) => {
        onCloseAutoFocus?.(event);
        if (event.defaultPrevented || !opener?.isConnected) return;
        event.preventDefault();
        opener.focus();
      }}
    />
  );
}

export function Title(props: ComponentProps<Radix['Title']>) {
  const Dialog = useRadix();
  return <Dialog.Title {...props} />;
}

export function Description(props: ComponentProps<Radix['Description']>) {
  const Dialog = useRadix();
  return <Dialog.Description {...props} />;
}

export function Close(props: ComponentProps<Radix['Close']>) {
  const Dialog = useRadix();
  return <Dialog.Close {...props} />;
}
