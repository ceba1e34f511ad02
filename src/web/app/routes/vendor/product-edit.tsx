import { useParams } from 'react-router';
import VendorNewProductPage from './product-new';
import { paths } from '~/shared/paths';
import type { OwnProduct, ProductInput } from '~/shared/schemas/vendor-products';
import { ButtonLink } from '~/web/components/ui/button';
import { ErrorState, isNotFound, ListSkeleton, NotFoundState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useOwnProduct, useUpdateProduct } from '~/web/features/vendor-products/api/vendor-products';
import { ProductForm } from '~/web/features/vendor-products/components/product-form';
import { NotSellingAlert, useNotSelling } from '~/web/features/vendor/components/listing-gate';
import { ProductPictures, useProductPictures } from '~/web/features/vendor-products/components/product-pictures';
import { useConfigurations, useSaveConfigurations } from '~/web/features/vendor-products/api/product-configurations';
import { ConfigurationsSection } from '~/web/features/vendor-products/components/configurations-grid';
import { isApiError } from '~/web/lib/api-client';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/vendor/products/new` adds a product; `/vendor/products/{id}` edits one (one route, one chunk). */
export default function VendorProductPage() {
  const { productId = '' } = useParams();
  return productId === 'new' ? <VendorNewProductPage /> : <VendorEditProductPage productId={productId} />;
}

function VendorEditProductPage({ productId }: { productId: string }) {
  const product = useOwnProduct(productId);
  const update = useUpdateProduct(productId);
  const notSelling = useNotSelling();
  // An id the server does not know, or one no product could have (too long: the URL's check), is not there: no Retry.
  const missing = isNotFound(product.error) || (isApiError(product.error, 'VALIDATION') && product.error.status === 400);
  useDocumentTitle(product.data ? `Edit ${product.data.name}` : missing ? 'Product not found' : 'Edit product');
  if (missing) {
    return (
      <NotFoundState
        heading="h1"
        title="Product not found"
        message="None of your products is at this address. It may have been deleted, or the link may have a typo."
        action={<ButtonLink to={paths.vendor.products}>Back to your products</ButtonLink>}
      />
    );
  }
  return (
    <div>
      <PageHeader
        title={product.data?.name ?? 'Edit product'}
        description={product.data?.sku ? `SKU ${product.data.sku}` : undefined}
        actions={
          product.data?.status === 'active' && !notSelling ? (
            <ButtonLink variant="secondary" to={paths.product(productId)}>
              View in the shop
            </ButtonLink>
          ) : undefined
        }
      />
      {product.isPending && <ListSkeleton rows={6} label="Loading the product" />}
      {product.isError && (
        <ErrorState title="This product could not be loaded" error={product.error} onRetry={() => void product.refetch()} />
      )}
      {notSelling && <NotSellingAlert {...notSelling} />}
      {product.data && (
        // While the vendor may not sell, the form shows the product but takes no change (the server
        // refuses one): a disabled fieldset disables every field and button in it, pictures included.
        <fieldset disabled={notSelling !== null} className="min-w-0">
          <EditForm
            key={product.data.id}
            product={product.data}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync(values);
              toast.success(`${saved.name} is saved`);
            }}
          />
        </fieldset>
      )}
    </div>
  );
}

/** What the configurations grid may change of the product's own form. */
const formKeyOf = (p: OwnProduct) => [p.pricePaise, p.mrpPaise, p.stock, p.sku].join(':');

/** The form with the product's pictures, which it counts as they change (a sale without one is warned of). */
function EditForm({ product, onSubmit }: { product: OwnProduct; onSubmit: (values: ProductInput) => Promise<void> }) {
  const pictures = useProductPictures(product.id, product.images);
  const configurations = useConfigurations(product.id);
  const save = useSaveConfigurations(product.id);
  return (
    <div className="space-y-6">
      {/* Made again when the grid wrote the product's own configuration (its price, MRP, stock or SKU), so the form never sends back what it showed before. */}
      <ProductForm
        key={formKeyOf(product)}
        product={product}
        submitLabel="Save changes"
        onSubmit={onSubmit}
        pictureCount={pictures.data.length}
      >
        <ProductPictures productId={product.id} initial={product.images} />
      </ProductForm>
      {/* Its own save, outside the product's form: Enter in a cell of the grid must not send the form. */}
      <ConfigurationsSection query={configurations} save={save.mutateAsync} />
    </div>
  );
}
