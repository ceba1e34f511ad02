import type { ReactNode } from 'react';
import { buttonClasses } from '~/web/components/ui/button';
import { Spinner } from '~/web/components/ui/spinner';

export const NOTIFY_LABEL = 'Notify me when it’s back';
export const NOTIFY_INTRO = 'Want it when it’s back? We’ll e-mail you once, as soon as it is in stock again.';

export function NotifyMeShell({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">{children}</div>;
}

/**
 * "Notify me when it's back": disabled without `onClick`, as the server renders it and everyone sees it
 * until it is known who they are, and while the control's script loads (so nothing moves meanwhile).
 */
export function NotifyMeButton(props: { onClick?: () => void; busy?: boolean; focusRef?: (el: HTMLButtonElement | null) => void }) {
  const { onClick, busy = false, focusRef } = props;
  return (
    <NotifyMeShell>
      <p className="text-sm text-slate-700">{NOTIFY_INTRO}</p>
      <button
        ref={focusRef}
        type="button"
        className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto sm:self-start')}
        disabled={!onClick || busy}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        {busy && <Spinner className="size-5" />}
        {NOTIFY_LABEL}
      </button>
    </NotifyMeShell>
  );
}
