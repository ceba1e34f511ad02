import { AuthCard } from '~/web/components/layouts/auth-card';
import { VendorRegisterForm } from '~/web/features/auth/components/vendor-register-form';

export default function VendorRegisterPage() {
  return (
    <AuthCard
      wide
      title="Sell on Sahyadri Computers"
      description="Register your business to list laptops, desktops and monitors for customers across India. Our team reviews every new vendor, usually within two working days."
    >
      <VendorRegisterForm />
    </AuthCard>
  );
}
