import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '~/shared/paths';
import type { AdminProductDetail } from '~/shared/schemas/catalogue-admin';
import { ProductImage } from '~/web/components/product/product-image';
import { ButtonLink } from '~/web/components/ui/button';
import { Alert } from '~/web/components/ui/feedback';
import { isApiError } from '~/web/lib/api-client';
import { formatCount, formatDate, formatDateTime } from '~/web/lib/format';
import { toast } from '~/web/lib/toast';
import { useAdminPictures, useSetAdminPictureConfiguration } from '../api/admin-pictures';
import { ProductStatusBadges, sellerOffLabel } from './product-status-badges';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** What only the shop sees about a product above its form: whose it is, its status, and why it is hidden. */
export function AdminProductFacts({ detail }: { detail: AdminProductDetail }) {
  const { product, vendor, featuredAt, sellerStatus } = detail;
  const sellerOff = sellerOffLabel(sellerStatus);
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 sm:p-6">
        <Fact term="Seller">{vendor.name}</Fact>
        <Fact term="Status">
          <div className="flex flex-wrap gap-1">
            <ProductStatusBadges status={product.status} featuredAt={featuredAt} sellerStatus={sellerStatus} />
          </div>
        </Fact>
        <Fact term="Last changed">{formatDateTime(product.updatedAt)}</Fact>
      </dl>
      {sellerOff && (
        <Alert tone="warning" title={sellerOff}>
          <p>
            {sellerStatus === 'suspended'
              ? `${vendor.name} is suspended, so none of its products are in the shop: customers cannot find, open or buy this one, and it cannot be featured. It returns as it is when the seller is reinstated.`
              : `${vendor.name} is not an approved seller, so none of its products are in the shop: customers cannot find, open or buy this one, and it cannot be featured.`}
          </p>
        </Alert>
      )}
      {product.status === 'hidden' && (
        <Alert tone="warning" title="Hidden by the shop">
          {product.hiddenReason && <p>Reason: {product.hiddenReason}</p>}
          <p>
            {product.hiddenAt ? `Hidden on ${formatDate(product.hiddenAt)}. ` : ''}Customers cannot see or buy it, and {vendor.name} reads
            the reason in the seller centre. Saving keeps it hidden; restore it from Manage products.
          </p>
        </Alert>
      )}
    </div>
  );
}

/** The product's pictures, which stay the seller's to change (the admin's form has no upload). */
/**
 * The seller's pictures, read-only but for what each shows: for a product of several configurations, the admin
 * marks a picture as one configuration's (its page shows it for that one) or every configuration's, as the seller can.
 */
export function SellerPictures({
  detail,
  configurations = [],
}: {
  detail: AdminProductDetail;
  configurations?: { id: string; label: string }[];
}) {
  const { product, vendor } = detail;
  const count = product.images.length;
  const several = configurations.length > 1 && count > 0;
  const pictures = useAdminPictures(product.id, several);
  const shows = useSetAdminPictureConfiguration(product.id);
  const shownBy = new Map((pictures.data ?? []).map((p) => [p.id, p.variantId ?? null]));
  const choose = (imageId: string, variantId: string | null) =>
    shows.mutate(
      { imageId, variantId },
      {
        onSuccess: (saved) => {
          const shown = configurations.find((c) => c.id === saved.variantId);
          toast.success(shown ? `The picture now shows ${shown.label}.` : 'The picture now shows every configuration.');
        },
        onError: (error) => toast.error(isApiError(error) ? error.message : 'The picture could not be changed. Try again.'),
      },
    );
  return (
    <section aria-labelledby="seller-pictures-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="seller-pictures-heading" className="text-lg font-semibold text-slate-900">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {count === 0 ? 'No pictures yet.' : `${formatCount(count)} picture${count === 1 ? '' : 's'}, the first one the main.`} {vendor.name}{' '}
        adds and orders them in the seller centre.{several && ' Choose the configuration a picture shows, or all of them.'}
      </p>
      {several && pictures.isError && (
        <Alert tone="error" className="mt-3">
          The configurations the pictures show could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void pictures.refetch()}>
            Retry
          </button>
        </Alert>
      )}
      {count > 0 && (
        <ul className="mt-4 flex flex-wrap gap-3">
          {product.images.map((image, index) => (
            <li key={image.id} className={several ? 'flex w-36 flex-col gap-1' : undefined}>
              <div className="size-24 overflow-hidden rounded-md border border-slate-200 bg-white">
                <ProductImage image={image} sizes="96px" maxWidth={160} className="size-24 object-contain" />
              </div>
              {several && (
                <label className="flex flex-col gap-0.5 text-xs text-slate-700">
                  Shows
                  <select
                    aria-label={`Picture ${index + 1} shows`}
                    className="w-full rounded-md border border-slate-300 bg-white px-1.5 py-1 text-base sm:text-xs"
                    value={shownBy.get(image.id) ?? ''}
                    disabled={!pictures.data || shows.isPending}
                    onChange={(e) => choose(image.id, e.target.value || null)}
                  >
                    <option value="">All configurations</option>
                    {configurations.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An address naming no product (a typo, or a product deleted since the link was made). */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden="true" className="size-12 text-brand-600" />
      <h1 className="text-3xl font-bold text-slate-900">Product not found</h1>
      <p className="text-slate-600">No product of any seller has this address. It may have been deleted, or the address may have a typo.</p>
      <ButtonLink to={paths.admin.products}>All products</ButtonLink>
    </div>
  );
}
