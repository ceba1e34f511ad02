import { AuthCard } from '~/web/components/layouts/auth-card';
import { ForgotPasswordForm } from '~/web/features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the address you sign in with and we will e-mail you a link to choose a new one."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
