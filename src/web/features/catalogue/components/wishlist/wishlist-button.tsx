import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '~/web/lib/toast';
import { paths } from '~/shared/paths';
import type { ProductCard } from '~/shared/schemas/catalogue';
import { cn } from '~/web/components/ui/cn';
import { SpriteIcon } from '~/web/components/ui/icon-sprite';
// The heart needs to know who is signed in; the session lives with auth (a deliberate cross-feature read).
import { sessionQueryOptions, useSessionPending, useUser } from '~/web/lib/session/session';
import { isApiError } from '~/web/lib/api-client';
import { useToggleWishlist, wishlistIdsQueryOptions } from '../../api/wishlist-queries';

interface WishlistButtonProps {
  product: Pick<ProductCard, 'id' | 'name'> & Partial<ProductCard>;
  /** `compact` fits under a card; `large` sits beside the product page's buttons. */
  size?: 'compact' | 'large';
  className?: string;
}

/**
 * A heart that saves a product to the customer's wishlist (aria-pressed when saved).
 * Signed-out visitors are sent to sign in and come back here; vendors and admins have no
 * wishlist, so they see nothing.
 */
export function WishlistButton({ product, size = 'compact', className }: WishlistButtonProps) {
  const user = useUser();
  const sessionPending = useSessionPending();
  const queryClient = useQueryClient();
  const isCustomer = user?.role === 'customer';
  const navigate = useNavigate();
  const location = useLocation();
  const { data: savedIds } = useQuery(wishlistIdsQueryOptions(isCustomer));
  const toggle = useToggleWishlist();

  if (user && !isCustomer) return null;
  const saved = savedIds?.includes(product.id) ?? false;

  const signIn = (message: string) => {
    toast.info(message);
    void navigate(paths.login, { state: { from: `${location.pathname}${location.search}` } });
  };

  const onClick = async () => {
    // A click in the moment between the page coming alive and the session being known (a page the
    // server rendered shows everyone signed out until then) waits for the session, so that a signed-in
    // customer is not sent to sign in.
    const who = sessionPending
      ? await queryClient.fetchQuery(sessionQueryOptions).then(
          (s) => s.user,
          () => undefined,
        )
      : user;
    if (who === undefined) return toast.error(`Could not save ${product.name}: the shop did not answer. Try again.`);
    if (!who) return signIn('Sign in to save products to your wishlist.');
    if (who.role !== 'customer') return;
    const save = !saved;
    // mutateAsync: each click gets its own outcome, even when clicks overlap.
    toggle.mutateAsync({ productId: product.id, save, product: isFullCard(product) ? product : undefined }).then(
      () => {
        if (save)
          toast.success('Saved to your wishlist.', { action: { label: 'View wishlist', onClick: () => void navigate(paths.wishlist) } });
        else toast.success('Removed from your wishlist.');
      },
      (error: Error) => {
        if (isApiError(error, 'UNAUTHENTICATED')) return signIn('Your session has ended. Sign in again to save products.');
        toast.error(save ? `Could not save ${product.name}: ${error.message}` : `Could not remove ${product.name}: ${error.message}`);
      },
    );
  };

  return (
    <button
      type="button"
      aria-pressed={saved}
      // The product's name tells the hearts of a row apart; the visible words start the name.
      aria-label={`${saved ? 'Saved' : 'Save to wishlist'}: ${product.name}`}
      onClick={() => void onClick()}
      className={cn('btn btn-secondary wishlist-button', size === 'large' && 'wishlist-button-lg', className)}
    >
      <SpriteIcon name="heart" className={cn(size === 'large' ? 'size-5' : 'size-4', saved && 'fill-current text-rose-600')} />
      {saved ? 'Saved' : 'Save to wishlist'}
    </button>
  );
}

function isFullCard(product: WishlistButtonProps['product']): product is ProductCard {
  return typeof product.pricePaise === 'number' && Array.isArray(product.keySpecs) && product.vendorName !== undefined;
}
