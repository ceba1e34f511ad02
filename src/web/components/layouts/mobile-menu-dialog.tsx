import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useAccountMenu } from '~/web/components/layouts/use-account-menu';
import { CATEGORY_LABELS, MAIN_NAV } from './navigation';

const linkClasses = 'block rounded-md px-3 py-2.5 text-base text-slate-800 hover:bg-slate-100';

interface MobileMenuDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Open menu" button (not a Radix trigger: it renders before this module loads); focus returns to it on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The phone menu: the account menu's entries, then the category links and the main pages.
 * Loaded on demand by `MobileMenu`, so the dialog library is not in the script every page loads first.
 */
export function MobileMenuDialog({ open, onOpenChange, triggerRef }: MobileMenuDialogProps) {
  const { identity, entries } = useAccountMenu();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-800">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Close menu">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Account, categories and pages</Dialog.Description>

          <nav aria-label="Account" className="border-b border-slate-200 pb-3">
            {identity && (
              <p className="px-3 pb-2">
                <span className="block font-semibold text-slate-900">{identity.name}</span>
                <span className="block text-sm text-slate-600">{identity.role}</span>
              </p>
            )}
            {entries.map((entry) =>
              entry.kind === 'link' ? (
                <Link key={entry.label} to={entry.to} className={linkClasses} onClick={close}>
                  {entry.label}
                </Link>
              ) : (
                <button
                  key={entry.label}
                  type="button"
                  className={`${linkClasses} w-full text-left`}
                  onClick={() => {
                    close();
                    entry.onSelect();
                  }}
                >
                  {entry.label}
                </button>
              ),
            )}
          </nav>

          <nav aria-label="Categories" className="border-b border-slate-200 py-3">
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Shop by category</p>
            {CATEGORIES.map((c) => (
              <Link key={c} to={paths.category(c)} className={linkClasses} onClick={close}>
                {CATEGORY_LABELS[c]}
              </Link>
            ))}
          </nav>

          <nav aria-label="Pages" className="py-3">
            {MAIN_NAV.map((item) => (
              <Link key={item.to} to={item.to} className={linkClasses} onClick={close}>
                {item.label}
              </Link>
            ))}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
