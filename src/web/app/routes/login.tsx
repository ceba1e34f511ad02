import { AuthCard } from '~/web/components/layouts/auth-card';
import { LoginForm } from '~/web/features/auth/components/login-form';

export default function LoginPage() {
  return (
    <AuthCard title="Sign in" description="Sign in to check out faster and track your orders.">
      <LoginForm portal="customer" />
    </AuthCard>
  );
}
