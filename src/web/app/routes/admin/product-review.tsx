import { paths } from '~/shared/paths';
import { ButtonLink } from '~/web/components/ui/button';
import { PageHeader } from '~/web/components/ui/page-header';
import { ReviewQueue } from '~/web/features/admin-products/components/review-queue';
import { useDocumentTitle } from '~/web/lib/use-document-title';

/** `/admin/products/review`: new products of sellers the shop does not trust, awaiting approval (decision 70). */
export default function AdminProductReviewPage() {
  useDocumentTitle('Awaiting review · Manage products');
  return (
    <div>
      <PageHeader
        title="Awaiting review"
        description="New products from sellers you have not marked trusted. Approve one to put it on sale, reject it with a reason its seller reads, or merge it into the product it duplicates."
        actions={
          <ButtonLink variant="ghost" to={paths.admin.products}>
            All products
          </ButtonLink>
        }
      />
      <ReviewQueue />
    </div>
  );
}
