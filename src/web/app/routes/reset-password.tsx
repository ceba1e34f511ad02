import { useSearchParams } from 'react-router';
import { AuthCard } from '~/web/components/layouts/auth-card';
import { ResetPasswordForm } from '~/web/features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Choose a new password" description="You will be signed out on every device; then sign in with the new password.">
      <ResetPasswordForm token={params.get('token')} />
    </AuthCard>
  );
}
