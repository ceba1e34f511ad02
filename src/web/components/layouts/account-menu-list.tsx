import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import type { AccountMenuEntry } from '~/web/components/layouts/use-account-menu';

/** Where focus goes when the menu opens: the first or last entry (keyboard), or the menu itself (pointer). */
export type MenuOpening = 'first' | 'last' | 'menu';

interface AccountMenuListProps {
  id: string;
  labelledBy: string;
  opening: MenuOpening;
  identity: { name: string; role: string } | null;
  entries: AccountMenuEntry[];
  /** The menu button's wrapper: a press outside it closes the menu. */
  containerRef: RefObject<HTMLElement | null>;
  /** Close the menu; `returnFocus` puts focus back on the menu button. */
  onClose: (returnFocus: boolean) => void;
}

const itemClasses =
  'block w-full cursor-pointer rounded px-3 py-2 text-left text-sm text-slate-800 outline-none focus:bg-brand-50 focus:text-brand-900';

const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The open account menu (WAI-ARIA menu): Up/Down, Home/End and typed letters move between entries;
 * Enter or Space picks one; Escape closes the menu and returns to the button; Tab or a press elsewhere closes it.
 */
export function AccountMenuList({ id, labelledBy, opening, identity, entries, containerRef, onClose }: AccountMenuListProps) {
  const menuRef = useRef<HTMLDivElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const all = menuItems(menuRef.current);
    const target = opening === 'first' ? all[0] : opening === 'last' ? all.at(-1) : menuRef.current;
    target?.focus({ preventScroll: true });
  }, [opening]);

  useEffect(() => {
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close.current(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [containerRef]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => all[Math.max(0, Math.min(all.length - 1, index))]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(current + 1);
        break;
      case 'ArrowUp':
        focus(current === -1 ? all.length - 1 : current - 1);
        break;
      case 'Home':
      case 'PageUp':
        focus(0);
        break;
      case 'End':
      case 'PageDown':
        focus(all.length - 1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        // Out of the menu from the button's place in the page: the browser moves on from there.
        onClose(true);
        return;
      case 'Enter':
      case ' ':
        all[current]?.click();
        break;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        // Typeahead: letters typed within a second spell the start of an entry; one letter again and again cycles.
        const now = Date.now();
        const text = (now - typed.current.at < 1000 ? typed.current.text : '') + event.key.toLowerCase();
        typed.current = { text, at: now };
        const search = [...text].every((c) => c === text.charAt(0)) ? text.charAt(0) : text;
        const from = search.length === 1 ? current + 1 : Math.max(current, 0);
        const ordered = [...all.slice(from), ...all.slice(0, from)];
        ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(search))?.focus();
      }
    }
    event.preventDefault();
  }

  // As in native menus, the entry under the mouse is the highlighted (focused) one.
  const hover = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && document.activeElement !== event.currentTarget) event.currentTarget.focus({ preventScroll: true });
  };
  const unhover = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse') menuRef.current?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="absolute top-full right-0 z-50 mt-1.5 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg outline-none"
    >
      {identity && (
        <>
          <div className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-slate-900">{identity.name}</span>
            <span className="block text-xs text-slate-600">{identity.role}</span>
          </div>
          <div role="separator" aria-orientation="horizontal" className="my-1 h-px bg-slate-200" />
        </>
      )}
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <Link
            key={entry.label}
            to={entry.to}
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => onClose(true)}
            onPointerMove={hover}
            onPointerLeave={unhover}
          >
            {entry.label}
          </Link>
        ) : (
          <button
            key={entry.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => {
              onClose(true);
              entry.onSelect();
            }}
            onPointerMove={hover}
            onPointerLeave={unhover}
          >
            {entry.label}
          </button>
        ),
      )}
    </div>
  );
}
