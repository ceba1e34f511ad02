import { AccountSecurity } from '~/web/features/account/components/account-security';
import { VerifyEmailBanner } from '~/web/features/auth/components/verify-email-banner';
import { TwoFactorSection } from '~/web/features/two-factor/components/two-factor-section';

/**
 * What every role's account page holds (decisions 25–27), composed here because it spans
 * features: the "verify your e-mail" banner, then details, e-mail, password, sessions, two-step
 * sign-in and "Your data". `bannerNote` adds a sentence to the banner (a pending vendor's).
 */
export function AccountSections({ bannerNote }: { bannerNote?: string }) {
  return (
    <div className="space-y-8">
      <VerifyEmailBanner note={bannerNote} />
      <AccountSecurity twoFactor={<TwoFactorSection />} />
    </div>
  );
}
