import { AuthCard } from '~/web/components/layouts/auth-card';
import { RegisterForm } from '~/web/features/auth/components/register-form';

export default function RegisterPage() {
  return (
    <AuthCard title="Create your account" description="Keep your addresses, follow your orders and get GST invoices for every purchase.">
      <RegisterForm />
    </AuthCard>
  );
}
