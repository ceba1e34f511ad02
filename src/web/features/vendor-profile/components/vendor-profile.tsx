import type { UpdateVendorProfileInput, VendorProfileDetails, VendorProfileResponse } from '~/shared/schemas/vendor';
import { Alert, Skeleton } from '~/web/components/ui/feedback';
import { ProfileChanges } from './profile-changes';
import { VendorProfileForm } from './profile-form';
import { ProfileSummary } from './profile-summary';

/** Placeholder sections while the profile loads; busy for assistive technology until it has. */
export function VendorProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading your business profile" className="space-y-6">
      {[2, 3, 2, 3].map((fields, i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <Skeleton className="h-6 w-40" />
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {Array.from({ length: fields }, (_, j) => (
              <Skeleton key={j} className="h-10 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Why the profile can or cannot be changed now. */
function ProfileNotice({ profile }: { profile: VendorProfileDetails }) {
  if (profile.lockedReason)
    return (
      <Alert tone="warning" title="Your profile cannot be changed">
        <p>{profile.lockedReason}</p>
        {profile.statusReason && <p className="mt-1">Reason given: {profile.statusReason}</p>}
      </Alert>
    );
  if (profile.status === 'pending')
    return (
      <Alert tone="info" title="Your application is being reviewed">
        You can correct these details until an admin decides. Once you are approved, a change of bank account or GSTIN is recorded and
        e-mailed to you.
      </Alert>
    );
  return null;
}

/**
 * The seller centre's profile: the form for pending and approved vendors, the details read only
 * with the reason for rejected and suspended ones, and the recent changes of bank account and GSTIN.
 */
export function VendorProfile({
  data,
  onSubmit,
}: {
  data: VendorProfileResponse;
  onSubmit: (values: UpdateVendorProfileInput) => Promise<VendorProfileDetails>;
}) {
  const { profile, changes } = data;
  return (
    <div className="space-y-6">
      <ProfileNotice profile={profile} />
      {profile.editable ? <VendorProfileForm profile={profile} onSubmit={onSubmit} /> : <ProfileSummary profile={profile} />}
      {(changes.length > 0 || profile.status === 'approved') && <ProfileChanges changes={changes} />}
    </div>
  );
}
