import { useQuery } from '@tanstack/react-query';
import { Heart, ShoppingCart, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '~/web/lib/toast';
import { paths } from '~/shared/paths';
import type { ProductCard as ProductCardData } from '~/shared/schemas/catalogue';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { EmptyState, ErrorState } from '~/web/components/ui/feedback';
import { PageHeader } from '~/web/components/ui/page-header';
import { useCart } from '~/web/lib/cart/cart-provider';
import { useToggleWishlist, wishlistItemsQueryOptions } from '~/web/features/catalogue/api/wishlist-queries';
import { CART_FULL_MESSAGE, cartProductOf } from '~/web/features/catalogue/components/detail/cart-product';
import { cardAddress, ProductCard, ProductCardSkeleton, ProductGrid } from '~/web/features/catalogue/components/product-card';
import { formatCount } from '~/web/lib/format';
import { useDocumentTitle } from '~/web/lib/use-document-title';

function WishlistActions({ product, onRemove }: { product: ProductCardData; onRemove: (product: ProductCardData) => void }) {
  const cart = useCart();
  const navigate = useNavigate();
  const soldOut = product.stockStatus === 'out_of_stock';

  const addToCart = () => {
    if (!cart.add(cartProductOf(product))) return toast.error(CART_FULL_MESSAGE);
    toast.success(`Added ${product.name} to your cart.`, { action: { label: 'View cart', onClick: () => void navigate(paths.cart) } });
  };

  return (
    <div className="flex w-full flex-wrap gap-2">
      {product.configurations ? (
        // A product of several configurations is bought in one of them: the shopper picks it on its page.
        <ButtonLink size="sm" className="flex-1" to={cardAddress(product)} aria-label={`Choose a configuration: ${product.name}`}>
          Choose a configuration
        </ButtonLink>
      ) : (
        <Button
          size="sm"
          className="flex-1"
          onClick={addToCart}
          disabled={soldOut}
          aria-label={`${soldOut ? 'Out of stock' : 'Add to cart'}: ${product.name}`}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {soldOut ? 'Out of stock' : 'Add to cart'}
        </Button>
      )}
      <Button size="sm" variant="secondary" className="flex-1" onClick={() => onRemove(product)} aria-label={`Remove: ${product.name}`}>
        <Trash2 aria-hidden="true" className="size-4" />
        Remove
      </Button>
    </div>
  );
}

/** The signed-in customer's saved products (the router lets only customers in). */
export default function WishlistPage() {
  useDocumentTitle('Wishlist');
  const { data: items, error, isPending, refetch } = useQuery(wishlistItemsQueryOptions());
  const toggle = useToggleWishlist();

  // The card leaves the list at once (optimistic), so the outcome is handled here, not in the card.
  const remove = (product: ProductCardData) => {
    toggle.mutateAsync({ productId: product.id, save: false }).then(
      () =>
        toast.success(`Removed ${product.name} from your wishlist.`, {
          action: {
            label: 'Undo',
            onClick: () => {
              toggle
                .mutateAsync({ productId: product.id, save: true, product })
                .catch((e: Error) => toast.error(`Could not save ${product.name} again: ${e.message}`));
            },
          },
        }),
      (e: Error) => toast.error(`Could not remove ${product.name}: ${e.message}`),
    );
  };

  const count = items?.length ?? 0;
  return (
    <div>
      <PageHeader
        title="Your wishlist"
        description={items && count > 0 ? `${formatCount(count)} saved ${count === 1 ? 'product' : 'products'}, newest first` : undefined}
      />
      {isPending ? (
        <div role="status" aria-label="Loading your wishlist">
          <ProductGrid>
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ProductGrid>
        </div>
      ) : error ? (
        <ErrorState title="Your wishlist could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : count === 0 ? (
        <EmptyState icon={<Heart />} title="Your wishlist is empty" action={<ButtonLink to={paths.products}>Browse products</ButtonLink>}>
          Tap “Save to wishlist” on a product to keep it here. Your wishlist is kept with your account, on every device you sign in on.
        </EmptyState>
      ) : (
        <ProductGrid>
          {items.map((product, i) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                priority={i < 2}
                headingLevel="h2"
                actions={<WishlistActions product={product} onRemove={remove} />}
              />
            </li>
          ))}
        </ProductGrid>
      )}
    </div>
  );
}
