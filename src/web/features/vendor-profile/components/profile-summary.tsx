import type { ReactNode } from 'react';
import type { VendorProfileDetails } from '~/shared/schemas/vendor';
import { formatMobile } from '~/web/lib/format';
import { ProfileDetail } from './profile-parts';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = `profile-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

const orNone = (v: string | null) => v ?? 'Not given';

/** The profile read only, in the form's sections: for a vendor that may not change it. */
export function ProfileSummary({ profile: p }: { profile: VendorProfileDetails }) {
  return (
    <div className="space-y-6">
      <Part title="Business">
        <ProfileDetail label="Business name">{p.businessName}</ProfileDetail>
      </Part>
      <Part title="Contact">
        <ProfileDetail label="Contact name">{p.contactName ?? p.accountName}</ProfileDetail>
        <ProfileDetail label="Contact e-mail">{p.contactEmail ?? p.accountEmail}</ProfileDetail>
        <ProfileDetail label="Mobile number">{formatMobile(p.mobile)}</ProfileDetail>
      </Part>
      <Part title="Tax">
        <ProfileDetail label="GSTIN">{orNone(p.gstin)}</ProfileDetail>
        <ProfileDetail label="PAN">{orNone(p.pan)}</ProfileDetail>
      </Part>
      <Part title="Bank account">
        {p.bankAccount ? (
          <>
            <ProfileDetail label="Account holder">{p.bankAccount.holderName}</ProfileDetail>
            <ProfileDetail label="Account number">
              <span className="font-mono tracking-wider">{p.bankAccount.maskedNumber}</span>
            </ProfileDetail>
            <ProfileDetail label="IFSC">{p.bankAccount.ifsc}</ProfileDetail>
          </>
        ) : (
          <ProfileDetail label="Account">Not given</ProfileDetail>
        )}
      </Part>
      <Part title="Pickup address">
        <ProfileDetail label="Address" wide>
          {[p.pickupLine1, p.pickupLine2, p.pickupCity, `${p.pickupState} ${p.pickupPinCode}`].filter(Boolean).join(', ')}
        </ProfileDetail>
      </Part>
    </div>
  );
}
