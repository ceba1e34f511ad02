import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const loadDialog = () => import('./mobile-menu-dialog');
const MobileMenuDialog = lazy(() => loadDialog().then((m) => ({ default: m.MobileMenuDialog })));

/**
 * The phone menu's button. The dialog (and its library) loads when the button is about to be used:
 * on hover, focus or touch, so it is usually there by the click; a click before then opens it on arrival.
 * Once opened it stays mounted, so later openings are immediate.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuDialog open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
