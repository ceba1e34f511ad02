import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useAccountMenu } from '~/web/features/auth/components/use-account-menu';

const itemClasses =
  'block w-full cursor-pointer rounded px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

export function AccountMenu() {
  const { identity, entries } = useAccountMenu();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        aria-label={identity ? `Account menu for ${identity.name}` : 'Account menu'}
      >
        <UserRound aria-hidden="true" className="size-5" />
        <span className="max-w-40 truncate">{identity ? identity.name : 'Account'}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {identity && (
            <>
              <DropdownMenu.Label className="px-3 py-2">
                <span className="block truncate text-sm font-semibold text-slate-900">{identity.name}</span>
                <span className="block text-xs text-slate-600">{identity.role}</span>
              </DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            </>
          )}
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <DropdownMenu.Item key={entry.label} asChild>
                <Link to={entry.to} className={itemClasses}>
                  {entry.label}
                </Link>
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item key={entry.label} className={itemClasses} onSelect={entry.onSelect}>
                {entry.label}
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
