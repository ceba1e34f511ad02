import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { paths } from '~/shared/paths';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { ErrorState, ListSkeleton } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { adminProductQueryOptions, useSaveAdminProduct } from '~/web/features/admin-products/api/admin-product';
import { AdminProductFacts, ProductNotFound, SellerPictures } from '~/web/features/admin-products/components/admin-product-facts';
import { MergeProductDialog } from '~/web/features/admin-products/components/merge-product-dialog';
import { useAdminConfigurations, useSaveAdminConfigurations } from '~/web/features/admin-products/api/admin-configurations';
import { ConfigurationsSection } from '~/web/features/vendor-products/components/configurations-grid';
import { ProductForm } from '~/web/features/vendor-products/components/product-form';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/**
 * `/admin/products/{id}`: the admin corrects any seller's product with the seller centre's own form
 * (the same validation on both sides); the save is audited as the admin's and the seller sees it.
 */
export default function AdminProductPage() {
  const { productId = '' } = useParams();
  const product = useQuery(adminProductQueryOptions(productId));
  const save = useSaveAdminProduct(productId);
  const [merging, setMerging] = useState(false);
  const configurations = useAdminConfigurations(productId);
  const saveConfigurations = useSaveAdminConfigurations(productId);
  // An id the server does not know, or one no product could have (too long), is the same to the admin.
  const notFound = isApiError(product.error, 'NOT_FOUND') || (isApiError(product.error) && product.error.status === 400);
  const detail = product.data;
  useDocumentTitle(detail ? `Edit ${detail.product.name} · Manage products` : notFound ? 'Product not found' : 'Edit product');
  if (notFound) return <ProductNotFound />;
  return (
    <div>
      <PageHeader
        title={detail?.product.name ?? 'Edit product'}
        description={detail ? `Sold by ${detail.vendor.name}${detail.product.sku ? ` · SKU ${detail.product.sku}` : ''}` : undefined}
        actions={
          <>
            {detail?.inShop && (
              <ButtonLink variant="secondary" to={paths.product(detail.product.id)}>
                View in the shop
              </ButtonLink>
            )}
            {detail && detail.product.status !== 'archived' && (
              <Button variant="secondary" onClick={() => setMerging(true)}>
                Merge into…
              </Button>
            )}
            <ButtonLink variant="ghost" to={paths.admin.products}>
              All products
            </ButtonLink>
          </>
        }
      />
      {product.isPending && <ListSkeleton rows={6} label="Loading the product" />}
      {product.isError && (
        <ErrorState title="This product could not be loaded" error={product.error} onRetry={() => void product.refetch()} />
      )}
      {detail && merging && (
        <MergeProductDialog product={detail.product} open onClose={() => setMerging(false)} onMerged={() => void product.refetch()} />
      )}
      {detail && (
        <div className="space-y-6">
          <AdminProductFacts detail={detail} />
          <ProductForm
            // Made again when the grid wrote the product's own configuration, so the form never sends back what it showed before.
            key={[detail.product.id, detail.product.pricePaise, detail.product.mrpPaise, detail.product.stock, detail.product.sku].join(
              ':',
            )}
            product={detail.product}
            pictureCount={detail.product.images.length}
            asAdmin
            submitLabel="Save changes"
            onSubmit={async (values) => {
              const saved = await save.mutateAsync(values);
              toast.success(`${saved.product.name} is saved. ${saved.vendor.name} sees the change in the seller centre.`);
            }}
          >
            <SellerPictures
              detail={detail}
              configurations={(configurations.data?.configurations ?? []).map((c) => ({
                id: c.variantId,
                label: c.status === 'archived' ? `${c.label} (archived)` : c.label,
              }))}
            />
          </ProductForm>
          <ConfigurationsSection query={configurations} save={saveConfigurations.mutateAsync} sellerName={detail.vendor.name} />
        </div>
      )}
    </div>
  );
}
