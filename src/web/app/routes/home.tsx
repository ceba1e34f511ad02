import { useQuery } from '@tanstack/react-query';
import { SHOP } from '~/shared/constants';
import { paths } from '~/shared/paths';
import type { ProductCard } from '~/shared/schemas/catalogue';
import { Alert, ErrorState } from '~/web/components/ui/feedback';
import { homeQueryOptions } from '~/web/features/catalogue/api/catalogue-queries';
import { RecentlyViewed } from '~/web/features/catalogue/components/detail/recently-viewed-products';
import { BrandLinks } from '~/web/features/catalogue/components/home/brand-links';
import { CategoryCards } from '~/web/features/catalogue/components/home/category-cards';
import { HomeHero } from '~/web/features/catalogue/components/home/home-hero';
import { ProductRow } from '~/web/features/catalogue/components/home/product-row';
import { TrustBadges } from '~/web/features/catalogue/components/home/trust-badges';
import { WishlistButton } from '~/web/features/catalogue/components/wishlist/wishlist-button';
import { useDocumentTitle } from '~/web/lib/use-document-title';

const wishlistAction = (product: ProductCard) => <WishlistButton product={product} className="w-full" />;

export default function HomePage() {
  useDocumentTitle(undefined);
  const home = useQuery(homeQueryOptions());
  const data = home.data;
  const loading = home.isPending;
  const nothingListed = data !== undefined && data.deals.length + data.bestSellers.length + data.newArrivals.length === 0;

  return (
    <div className="space-y-12 sm:space-y-14">
      <HomeHero />
      <CategoryCards categories={data?.categories} loading={loading} />

      {home.isError && !data ? (
        <ErrorState title="Our products could not be loaded" error={home.error} onRetry={() => void home.refetch()} />
      ) : nothingListed ? (
        <Alert tone="info" title="Our online catalogue is being set up">
          Products appear here as we and our vendors list them. Until then, call {SHOP.phone} or visit our Pune and Navi Mumbai stores for
          prices and stock.
        </Alert>
      ) : (
        <>
          <ProductRow id="featured" title="Featured" products={data?.featured} loading={false} renderActions={wishlistAction} />
          <ProductRow
            id="deals"
            title="Top deals"
            description="The biggest discounts on the MRP, in stock now."
            seeAllTo={`${paths.products}?sort=discount`}
            products={data?.deals}
            loading={loading}
            renderActions={wishlistAction}
          />
          <ProductRow
            id="best-sellers"
            title="Best sellers"
            description="What our customers buy most."
            seeAllTo={paths.products}
            products={data?.bestSellers}
            loading={loading}
            renderActions={wishlistAction}
          />
          <ProductRow
            id="new-arrivals"
            title="New arrivals"
            description="Just listed by us and our vendors."
            seeAllTo={`${paths.products}?sort=newest`}
            products={data?.newArrivals}
            loading={loading}
            renderActions={wishlistAction}
          />
          <RecentlyViewed />
          {data && <BrandLinks brands={data.brands} />}
        </>
      )}

      <TrustBadges />
    </div>
  );
}
