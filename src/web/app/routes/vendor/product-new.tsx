import { useNavigate } from 'react-router';
import { paths } from '~/shared/paths';
import { PageHeader } from '~/web/components/ui/page-header';
import { useCreateProduct } from '~/web/features/vendor-products/api/vendor-products';
import { ProductForm } from '~/web/features/vendor-products/components/product-form';
import { ListingGate } from '~/web/features/vendor/components/listing-gate';
import { CatalogueFirst } from '~/web/features/vendor-offers/components/catalogue-first';
import { toast } from '~/web/lib/toast';
import { useDocumentTitle } from '~/web/lib/use-document-title';

export default function VendorNewProductPage() {
  useDocumentTitle('Add a product');
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader title="Add a product" description="Saved as a draft or put on sale at once. Add its pictures after saving." />
      <ListingGate>
        <CatalogueFirst />
        <ProductForm
          product={null}
          pictureCount={0}
          submitLabel="Save product"
          onSubmit={async (values) => {
            const product = await create.mutateAsync(values);
            toast.success(product.status === 'active' ? `${product.name} is on sale` : `${product.name} is saved`);
            await navigate(paths.vendorProduct(product.id), { state: { created: true } });
          }}
        />
      </ListingGate>
    </div>
  );
}
