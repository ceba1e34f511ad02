import { Link } from 'react-router';
import { paths } from '~/shared/paths';
import { Wordmark } from '~/web/components/ui/logo';
import { LoginForm } from '~/web/features/auth/components/login-form';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function AdminLoginPage() {
  useDocumentTitle('Admin login');
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-10">
      <main id="main" className="w-full max-w-md">
        <Link to={paths.home} className="mb-6 flex justify-center" aria-label="Sahyadri Computers, home">
          <Wordmark />
        </Link>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Admin login</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">For shop staff only. Customers sign in at the customer login.</p>
          <LoginForm portal="admin" />
        </div>
      </main>
    </div>
  );
}
