import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '~/shared/paths';
import { Button } from '~/web/components/ui/button';
import { Wordmark } from '~/web/components/ui/logo';
import { TwoFactorSetup } from '~/web/features/two-factor/components/two-factor-setup';
import { useUser } from '~/web/lib/session/session';
import { useLogout } from '~/web/lib/session/use-logout';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/**
 * Where an admin without two-step sign-in is led after the password (decision 27): no other admin
 * page opens, and the admin API answers 403, until it is set up. The only way out is to sign out.
 */
export default function AdminTwoFactorPage() {
  useDocumentTitle('Set up two-step sign-in');
  const user = useUser();
  const navigate = useNavigate();
  const signOut = useLogout({ to: paths.admin.login });
  // Decided once: the session learns it is on before the recovery codes are saved, and they must stay.
  const [alreadyOn] = useState(() => user?.twoFactorEnabled === true);
  if (alreadyOn) return <Navigate to={paths.admin.dashboard} replace />;

  const leave = () => signOut.mutate();

  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-100 px-4 py-10">
      <main id="main" className="w-full max-w-2xl">
        <Link to={paths.home} className="mb-6 flex justify-center" aria-label="Sahyadri Computers, home">
          <Wordmark />
        </Link>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Set up two-step sign-in</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">
            Admin accounts move money and see every customer’s details, so each sign-in needs a code from your phone as well as the
            password. Set it up once now; the admin panel opens when it is done.
          </p>
          <TwoFactorSetup
            headingLevel="h2"
            onDone={() => {
              toast.success('Two-step sign-in is on. Welcome to the admin panel.');
              void navigate(paths.admin.dashboard, { replace: true });
            }}
          />
        </div>
        <p className="mt-4 text-center text-sm text-slate-600">
          Signed in as {user?.email}.{' '}
          <Button variant="ghost" size="sm" className="underline" loading={signOut.isPending} onClick={leave}>
            Sign out
          </Button>
        </p>
      </main>
    </div>
  );
}
