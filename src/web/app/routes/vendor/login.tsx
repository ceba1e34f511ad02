import { AuthCard } from '~/web/components/layouts/auth-card';
import { LoginForm } from '~/web/features/auth/components/login-form';

export default function VendorLoginPage() {
  return (
    <AuthCard title="Vendor login" description="Sign in to your seller dashboard.">
      <LoginForm portal="vendor" />
    </AuthCard>
  );
}
