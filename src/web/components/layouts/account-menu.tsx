import { ChevronDown, UserRound } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useAccountMenu } from '~/web/components/layouts/use-account-menu';
import { useSessionPending } from '~/web/lib/session/session';
import type { MenuOpening } from './account-menu-list';

const loadList = () => import('./account-menu-list');
const AccountMenuList = lazy(() => loadList().then((m) => ({ default: m.AccountMenuList })));

/**
 * The header's account menu, a WAI-ARIA menu button written by hand (a menu library with its
 * positioning engine was a third of the script every page loads first). The button is here; the
 * menu (account-menu-list) loads when the pointer or focus comes to the button, so it is there by the click.
 * Enter, Space or Down Arrow open the menu on its first entry, Up Arrow on its last; a click opens it
 * with focus on the menu itself, from where the arrow keys start.
 */
export function AccountMenu() {
  const { identity, entries } = useAccountMenu();
  const pending = useSessionPending();
  const [open, setOpen] = useState<MenuOpening | null>(null);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadList().catch(() => undefined);

  const close = (returnFocus: boolean) => {
    setOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        // Focus moved somewhere else in the page (not to nowhere, as when the window loses focus).
        if (open && event.relatedTarget && !rootRef.current?.contains(event.relatedTarget)) setOpen(null);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        // The name holds the words shown (WCAG 2.5.3): "Loading authentication..." while the session is asked for.
        aria-label={identity ? `Account menu for ${identity.name}` : pending ? 'Account menu: Loading authentication...' : 'Account menu'}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onKeyDown={onKeyDown}
        // A click from assistive technology (detail 0) starts on the first entry, as the keys above do.
        onClick={(event) => (open ? close(false) : setOpen(event.detail === 0 ? 'first' : 'menu'))}
      >
        <UserRound aria-hidden="true" className="size-5" />
        <span className="max-w-40 truncate">{identity ? identity.name : pending ? 'Loading authentication...' : 'Account'}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuList
            id={`${id}-menu`}
            labelledBy={`${id}-button`}
            opening={open}
            identity={identity}
            entries={entries}
            containerRef={rootRef}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
