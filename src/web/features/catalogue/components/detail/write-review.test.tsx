import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '~/shared/constants';
import type { Review } from '~/shared/schemas/catalogue';
import type { MyReviewResponse } from '~/shared/schemas/reviews';
import { Toaster } from '~/web/components/ui/toaster';
import { createQueryClient, SESSION_QUERY_KEY } from '~/web/lib/query-client';
import { ProductReviews } from './product-reviews';

const PRODUCT = { id: 'prd_thinkpad', ratingAvg: 4, ratingCount: 1, ratingBreakdown: [0, 0, 0, 1, 0] };

const older: Review = {
  id: 'rev_old',
  authorName: 'Asha Patil',
  rating: 4,
  title: 'Good keyboard',
  body: 'Types well, battery is fine.',
  createdAt: '2026-01-10T10:00:00.000Z',
};

function jsonResponse(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const reviewsPage = (items: Review[]) => ({ items, total: items.length, page: 1, pageSize: 5 });

interface ShopState {
  mine: MyReviewResponse;
  reviews: Review[];
  /** What POST …/reviews answers; by default it publishes. */
  onPost?: (body: Record<string, unknown>) => Response | undefined;
}

/** A small stand-in for the shop's API, answering the calls the reviews section makes. */
function stubShop(state: ShopState) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/my-review')) return jsonResponse(200, state.mine);
    if (url.includes('/reviews?page=')) return jsonResponse(200, reviewsPage(state.reviews));
    if (url.endsWith('/reviews') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      const refused = state.onPost?.(body);
      if (refused) return refused;
      const review: Review = {
        id: 'rev_new',
        authorName: 'Rohan Deshpande',
        rating: body.rating as number,
        title: body.title as string,
        body: body.body as string,
        createdAt: '2026-03-01T09:30:00.000Z',
      };
      state.reviews = [review, ...state.reviews];
      return jsonResponse(201, { review });
    }
    if (url === `/api/catalogue/products/${PRODUCT.id}`) return jsonResponse(200, { product: { ...PRODUCT, ratingCount: 2 } });
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No stub for ${url}` } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderReviews(role: UserRole | null) {
  // The app's query client: what a change of the browser's own does after it (decision 60) is part of it.
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  client.setQueryData(SESSION_QUERY_KEY, {
    user: role ? { uid: 'usr_rohan', email: 'rohan@example.in', name: 'Rohan Deshpande', role } : null,
  });
  render(
    <QueryClientProvider client={client}>
      <ProductReviews product={PRODUCT} />
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const canReview: MyReviewResponse = { canReview: true, reason: null, review: null };

describe('WriteReview on the product page', () => {
  it('offers nothing to a signed-out visitor and does not ask the shop', async () => {
    const fetch = stubShop({ mine: canReview, reviews: [older] });
    renderReviews(null);
    expect(await screen.findByText('Good keyboard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/my-review'))).toBe(false);
  });

  it('says quietly why a customer cannot review yet', async () => {
    stubShop({
      mine: { canReview: false, reason: 'You can review this product after it is delivered to you.', review: null },
      reviews: [older],
    });
    renderReviews('customer');
    expect(await screen.findByText('You can review this product after it is delivered to you.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('shows the stars of a review the customer already wrote', async () => {
    stubShop({
      mine: {
        canReview: false,
        reason: 'You have already reviewed this product.',
        review: { id: 'rev_1', rating: 3, title: 'Decent', body: 'Decent for the price.', createdAt: '2026-02-01T10:00:00.000Z' },
      },
      reviews: [older],
    });
    renderReviews('customer');
    const status = await screen.findByText(/You reviewed this product/);
    expect(within(status).getByText('Rated 3 out of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('takes stars chosen by keyboard, shows the field errors, and puts the published review on top', async () => {
    const user = userEvent.setup();
    let firstTry = true;
    const fetch = stubShop({
      mine: canReview,
      reviews: [older],
      onPost: () => {
        if (!firstTry) return undefined;
        firstTry = false;
        return jsonResponse(400, {
          error: {
            code: 'VALIDATION',
            message: 'Some fields in the request body are not valid.',
            fields: { title: 'Remove the special control characters from this text' },
          },
        });
      },
    });
    renderReviews('customer');

    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    // The form's code (react-hook-form, zod) loads when it is first opened: on a busy machine that takes more than a second.
    const form = await screen.findByRole('form', { name: 'Write a review' }, { timeout: 5000 });
    const stars = within(form).getByRole('radiogroup', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(within(stars).getByRole('radio', { name })).toBeInTheDocument();

    // Nothing chosen yet: the form says what is missing and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(await within(form).findByText('Choose 1 to 5 stars')).toBeInTheDocument();
    expect(within(form).getByText('Give your review a title of at least 3 characters')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The keyboard picks the stars: focus is on the first, arrows move along.
    within(stars).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();

    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Great for coding');
    await user.type(within(form).getByRole('textbox', { name: 'Your review' }), 'Compiles fast and the screen is easy on the eyes.');
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));

    // The shop refuses the title: the message sits on that field.
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Remove the special control characters from this text'));

    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    const post = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      rating: 4,
      title: 'Great for coding',
      body: 'Compiles fast and the screen is easy on the eyes.',
    });

    expect(await screen.findByText('Thank you. Your review is published.')).toBeInTheDocument();
    expect(screen.getByText(/You reviewed this product/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
        'Great for coding',
        'Good keyboard',
      ]),
    );
    // The reviews (and on the product page the product's average and count) are fetched past the browser's HTTP cache.
    const reviewReads = fetch.mock.calls.filter(([url]) => url.includes('/reviews?page='));
    expect(reviewReads.at(0)?.[1]?.cache).toBeUndefined();
    expect(reviewReads.at(-1)?.[1]?.cache).toBe('no-cache');
  }, 20_000);

  it('tells the author alone that the shop hid their review, and why, with no form for a second one', async () => {
    const reason = 'The shop hid your review from the product page: Shares a phone number';
    stubShop({
      mine: {
        canReview: false,
        reason,
        review: {
          id: 'rev_mine',
          rating: 1,
          title: 'Call me',
          body: 'Call 98220 45678 for a better price.',
          createdAt: older.createdAt,
          hiddenReason: 'Shares a phone number',
        },
      },
      reviews: [older],
    });
    renderReviews('customer');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});
