import { toast } from '~/web/lib/toast';
import { useVendorTrust } from '../api/admin-users';

/**
 * "Trusted seller" on the admin's page of a seller (decision 70): a switch, announced as on or off; a trusted
 * seller's new products go on sale at once, the others' wait for the review queue.
 */
export function TrustedSellerToggle({ vendor }: { vendor: { id: string; businessName: string; trusted: boolean } }) {
  const trust = useVendorTrust();
  const on = trust.isPending && trust.variables ? trust.variables.trusted : vendor.trusted;
  return (
    <div className="mt-4 flex items-start gap-3">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`trusted-${vendor.id}`}
        disabled={trust.isPending}
        onClick={() =>
          trust.mutate(
            { vendorId: vendor.id, trusted: !vendor.trusted },
            {
              onSuccess: (done) =>
                toast.success(
                  done.trusted
                    ? `${vendor.businessName} is a trusted seller: its new products go on sale at once.`
                    : `${vendor.businessName} is no longer trusted: its new products wait for review.`,
                ),
              onError: (e) => toast.error(e.message),
            },
          )
        }
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 ${on ? 'bg-brand-700' : 'bg-slate-300'}`}
      >
        <span className="sr-only">Trusted seller</span>
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition ${on ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
      <div className="text-sm">
        <p className="font-medium text-slate-900" aria-hidden="true">
          Trusted seller
        </p>
        <p id={`trusted-${vendor.id}`} className="text-slate-700">
          {on ? 'Its new products go on sale without review.' : 'Its new products wait in the review queue before they go on sale.'}
        </p>
      </div>
    </div>
  );
}
