import { USER_ROLE_LABELS } from '~/shared/constants';
import { paths } from '~/shared/paths';
import { useUser } from '~/web/lib/session/session';
import { useLogout } from '~/web/lib/session/use-logout';

export type AccountMenuEntry = { kind: 'link'; label: string; to: string } | { kind: 'action'; label: string; onSelect: () => void };

/**
 * The account menu of the seed, shared by the header menu and the mobile menu:
 * signed in — name or e-mail and role, My Orders, Vendor Dashboard (vendors), then Wishlist, My
 * Profile and Back-in-stock alerts for customers (ours), and Logout (to /) last;
 * signed out — Login, Register, Vendor Login.
 */
export function useAccountMenu() {
  const user = useUser();
  const logout = useLogout({ to: paths.home, message: 'You have signed out.' });

  if (!user) {
    const entries: AccountMenuEntry[] = [
      { kind: 'link', label: 'Login', to: paths.login },
      { kind: 'link', label: 'Register', to: paths.register },
      { kind: 'link', label: 'Vendor Login', to: paths.vendor.login },
    ];
    return { user, identity: null, entries, loggingOut: false };
  }

  const entries: AccountMenuEntry[] = [{ kind: 'link', label: 'My Orders', to: paths.orders }];
  if (user.role === 'vendor') entries.push({ kind: 'link', label: 'Vendor Dashboard', to: paths.vendor.dashboard });
  // Not in the seed's menu: after its links and before Logout, which stays last (one Down Arrow too
  // many from My Orders would otherwise sign the customer out).
  if (user.role === 'customer') {
    entries.push(
      { kind: 'link', label: 'Wishlist', to: paths.wishlist },
      { kind: 'link', label: 'My Profile', to: paths.accountProfile },
      { kind: 'link', label: 'Back-in-stock alerts', to: paths.accountAlerts },
    );
  }
  entries.push({
    kind: 'action',
    label: 'Logout',
    onSelect: () => logout.mutate(),
  });
  return {
    user,
    identity: { name: user.name || user.email, role: USER_ROLE_LABELS[user.role] },
    entries,
    loggingOut: logout.isPending,
  };
}
