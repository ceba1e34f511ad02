import { useParams } from 'react-router';
import { isCategory } from '~/shared/constants';
import { CATEGORY_LABELS } from '~/web/components/layouts/navigation';
import { ProductListScreen } from '~/web/features/catalogue/components/list/product-list-screen';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import NotFoundPage from './not-found';

/** /products and /category/{Laptop|Desktop|Monitor}: one screen; an unknown category is a 404. */
export default function ProductsPage() {
  const { category } = useParams();
  const pathCategory = category !== undefined && isCategory(category) ? category : null;
  const known = category === undefined || pathCategory !== null;
  const title = pathCategory ? CATEGORY_LABELS[pathCategory] : 'All products';
  useDocumentTitle(known ? title : 'Page not found');
  if (!known) return <NotFoundPage />;
  return <ProductListScreen mode="products" category={pathCategory} title={title} />;
}
