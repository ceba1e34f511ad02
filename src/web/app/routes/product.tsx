import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from '~/web/lib/toast';
import { breadcrumbs } from '~/shared/breadcrumbs';
import { paths } from '~/shared/paths';
import type { ProductDetailResponse, ProductOffer, ProductVariant } from '~/shared/schemas/catalogue';
import { ErrorState } from '~/web/components/ui/feedback';
import { lineKeyOf } from '~/web/lib/cart/cart';
import { useCart } from '~/web/lib/cart/cart-provider';
import { productQueryOptions } from '~/web/features/catalogue/api/catalogue-queries';
import { Breadcrumbs } from '~/web/features/catalogue/components/breadcrumbs';
import { CompareTray } from '~/web/features/catalogue/components/compare/compare-tray';
import { CART_FULL_MESSAGE, cartProductOf } from '~/web/features/catalogue/components/detail/cart-product';
import { ProductAbout } from '~/web/features/catalogue/components/detail/product-about';
import { ProductGallery } from '~/web/features/catalogue/components/detail/product-gallery';
import { ProductReviews } from '~/web/features/catalogue/components/detail/product-reviews';
import { ProductSkeleton } from '~/web/features/catalogue/components/detail/product-skeleton';
import { BuyBoxRule, OtherSellers, offerFacts } from '~/web/features/catalogue/components/detail/other-sellers';
import { RequestQuote } from '~/web/features/catalogue/components/detail/request-quote';
import { ProductSummary } from '~/web/features/catalogue/components/detail/product-summary';
import { chooseVariant, isSingleOffer, shownProduct } from '~/web/features/catalogue/components/detail/variant-choice';
import { VariantPicker } from '~/web/features/catalogue/components/detail/variant-picker';
import { RecentlyViewed } from '~/web/features/catalogue/components/detail/recently-viewed-products';
import { RelatedProducts } from '~/web/features/catalogue/components/detail/related-products';
import { originRows, SellerDetailsSection } from '~/web/features/catalogue/components/detail/seller-details';
import { SpecTable } from '~/web/features/catalogue/components/detail/spec-table';
import { StickyBuyBarSpace } from '~/web/features/catalogue/components/detail/sticky-buy-bar';
import { recordRecentlyViewed } from '~/web/features/catalogue/recently-viewed';
import { LazyNotifyMe } from '~/web/features/stock-alerts/components/lazy-notify-me';
import { isApiError } from '~/web/lib/api-client';
import { useDocumentTitle } from '~/web/lib/use-document-title';
import NotFoundPage from './not-found';

function Product({ page }: { page: ProductDetailResponse }) {
  const { add, items } = useCart();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const variant = chooseVariant(page, search.get('variant'));
  const product = shownProduct(page, variant);
  const single = isSingleOffer(page);
  const winner = variant?.winner ?? null;

  useEffect(() => recordRecentlyViewed(product.id), [product.id]);

  // Choosing a configuration names it in the address (shareable), without leaving the page.
  const choose = (next: ProductVariant) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('variant', next.id);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  // The offer Add to cart buys: the configuration's winner (the product's own for a product of one offer).
  const optionKeys = page.options.map((o) => o.key);
  const bought = !single && winner && variant ? { ...winner, options: variant.options, optionKeys } : undefined;
  const boughtKey = lineKeyOf({ id: product.id, offerId: bought?.id });
  const inCart = items.find((item) => lineKeyOf(item.product) === boughtKey)?.quantity ?? 0;

  const addToCart = (quantity: number): boolean => {
    if (inCart + quantity > product.stock) {
      toast.error(
        inCart > 0
          ? `Only ${product.stock} in stock, and ${inCart} ${inCart === 1 ? 'is' : 'are'} already in your cart.`
          : `Only ${product.stock} in stock.`,
      );
      return false;
    }
    if (!add(cartProductOf(product, bought), quantity)) {
      toast.error(CART_FULL_MESSAGE);
      return false;
    }
    toast.success(`Added ${quantity > 1 ? `${quantity} × ` : ''}${product.name} to your cart`, {
      action: { label: 'View cart', onClick: () => void navigate(paths.cart) },
    });
    return true;
  };

  // Another seller's offer of the configuration shown, at its own price and stock.
  const addOffer = (offer: ProductOffer) => {
    if (!add(cartProductOf(product, { ...offer, options: variant?.options ?? {}, optionKeys }), 1)) {
      toast.error(CART_FULL_MESSAGE);
      return;
    }
    toast.success(`Added ${product.name} from ${offer.seller.name} to your cart`, {
      action: { label: 'View cart', onClick: () => void navigate(paths.cart) },
    });
  };

  // Straight to checkout, as a shopper pressing Buy now expects; with other products in the cart
  // too, to the cart first, so that nobody pays for more than they meant to without seeing it.
  const buyNow = (quantity: number) => {
    if (!addToCart(quantity) && inCart === 0) return;
    void navigate(items.some((item) => item.product.id !== product.id) ? paths.cart : paths.checkout);
  };

  return (
    <div>
      <Breadcrumbs trail={breadcrumbs.product(product)} />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-10">
        <ProductGallery key={`${product.id}-${product.images[0]?.id ?? ''}`} images={product.images} name={product.name} />
        <ProductSummary
          key={`summary-${product.id}`}
          product={product}
          onAddToCart={addToCart}
          onBuyNow={buyNow}
          soldOutAction={
            single || variant?.id === product.id ? <LazyNotifyMe productId={product.id} productName={product.name} /> : undefined
          }
          picker={
            variant && page.options.length > 0 && page.variants.length > 1 ? (
              <VariantPicker options={page.options} variants={page.variants} current={variant} onChoose={choose} />
            ) : undefined
          }
          sellerFacts={!single && winner ? offerFacts(winner) : undefined}
          otherSellers={
            !single && variant ? (
              <>
                <OtherSellers offers={variant.others} onAdd={addOffer} returnTerms={page.returnTerms} />
                <BuyBoxRule />
              </>
            ) : undefined
          }
          quantityBuying={
            <RequestQuote
              productId={product.id}
              offerId={bought?.id}
              productName={product.name}
              sellerName={winner?.seller.name ?? product.vendor.name}
              limits={product.quantityLimits}
            />
          }
          configurationInStock={single ? undefined : product.stock > 0}
        />
      </div>

      {winner ? (
        <div className="mt-8">
          <SellerDetailsSection offer={winner} returnTerms={page.returnTerms} />
        </div>
      ) : null}

      <div className="mt-12 grid gap-12 lg:grid-cols-2 lg:gap-10">
        <section aria-labelledby="about-heading">
          <h2 id="about-heading" className="mb-4 text-xl font-bold text-slate-900">
            About this product
          </h2>
          <ProductAbout description={product.description} warranty={product.warranty} />
        </section>
        <section aria-labelledby="specs-heading">
          <h2 id="specs-heading" className="mb-4 text-xl font-bold text-slate-900">
            Specifications
          </h2>
          <SpecTable rows={[...product.specifications, ...originRows(product.origin)]} caption={`Specifications of ${product.name}`} />
        </section>
      </div>

      <div className="mt-12 space-y-12">
        <ProductReviews key={product.id} product={product} />
        <RelatedProducts productId={product.id} />
        <RecentlyViewed excludeId={product.id} />
      </div>
      <StickyBuyBarSpace />
      <CompareTray />
    </div>
  );
}

/** `/product/:id`: a product with everything a buyer needs to decide; the 404 page for unknown ids. */
export default function ProductPage() {
  const { id = '' } = useParams();
  const query = useQuery(productQueryOptions(id));
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  useDocumentTitle(query.data?.product.name ?? (notFound ? 'Page not found' : undefined));

  if (query.isPending) return <ProductSkeleton />;
  if (notFound) return <NotFoundPage />;
  if (query.isError)
    return <ErrorState title="This product could not be loaded" error={query.error} onRetry={() => void query.refetch()} />;
  // A duplicate an admin merged answers with the product kept (decision 70): the address becomes the kept one's.
  if (query.data.product.id !== id) return <Navigate to={paths.product(query.data.product.id)} replace />;
  return <Product page={query.data} />;
}
