import type { AdminUser } from '~/shared/schemas/auth';
import { Badge } from '~/web/components/ui/badge';
import { Button } from '~/web/components/ui/button';
import { formatDate } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useDecideVendor } from '../api/admin-queries';

const VENDOR_TONES = { pending: 'warning', approved: 'success', rejected: 'danger', suspended: 'neutral' } as const;
const ROLE_TONES = { admin: 'brand', vendor: 'neutral', customer: 'neutral' } as const;

function VendorActions({ user }: { user: AdminUser }) {
  const decide = useDecideVendor();
  if (!user.vendor || user.vendor.status !== 'pending') return null;
  const vendor = user.vendor;
  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { vendorId: vendor.id, decision },
      {
        onSuccess: () => toast.success(`${vendor.businessName} ${decision === 'approve' ? 'approved' : 'rejected'}.`),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => run('approve')}
        loading={decide.isPending && decide.variables?.decision === 'approve'}
        disabled={decide.isPending}
      >
        Approve<span className="sr-only"> {vendor.businessName}</span>
      </Button>
      <Button size="sm" variant="secondary" onClick={() => run('reject')} disabled={decide.isPending}>
        Reject<span className="sr-only"> {vendor.businessName}</span>
      </Button>
    </div>
  );
}

export function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Account
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3">
              Business
            </th>
            <th scope="col" className="px-4 py-3">
              Joined
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {users.map((u) => (
            <tr key={u.uid}>
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">{u.name}</p>
                <p className="text-slate-600">{u.email}</p>
              </td>
              <td className="px-4 py-3">
                <Badge tone={ROLE_TONES[u.role]}>{u.role}</Badge>
              </td>
              <td className="px-4 py-3">
                {u.vendor ? (
                  <>
                    <p className="font-medium text-slate-900">{u.vendor.businessName}</p>
                    <p className="text-slate-600">
                      {u.vendor.pickupCity}, {u.vendor.pickupState}
                      {u.vendor.gstin && <> · GSTIN {u.vendor.gstin}</>}
                    </p>
                    <Badge tone={VENDOR_TONES[u.vendor.status]} className="mt-1">
                      {u.vendor.status}
                    </Badge>
                  </>
                ) : (
                  <span className="text-slate-400">—</span>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDate(u.createdAt)}</td>
              <td className="px-4 py-3">
                <VendorActions user={u} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
