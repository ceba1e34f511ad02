import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorProduct } from '~/shared/schemas/catalogue';
import VendorNewProductPage from '~/web/app/routes/vendor/product-new';
import { knowVendorAccount } from '~/web/test/vendor-account';
import type { VendorProfile } from '~/shared/schemas/vendor';
import VendorProductsPage from '~/web/app/routes/vendor/products';
import VendorProductPage from '~/web/app/routes/vendor/product-edit';
import { ownMonitor } from '~/web/test/own-product';
import { ProductPictures } from './product-pictures';
import { toast } from '~/web/lib/toast';
import { uploadPicture } from '../api/upload-picture';

vi.mock('~/web/lib/toast');
vi.mock('../api/upload-picture', () => ({ uploadPicture: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const product: VendorProduct = {
  id: 'prd_1',
  slug: 'lenovo-thinkpad-e14',
  name: 'Lenovo ThinkPad E14 Gen 5',
  brand: 'Lenovo',
  sku: 'TP-E14',
  category: 'Laptop',
  status: 'active',
  pricePaise: 64_990_00,
  mrpPaise: 79_990_00,
  stock: 3,
  soldCount: 10,
  ratingAvg: 4.4,
  ratingCount: 12,
  image: null,
  hiddenReason: null,
  rejectionReason: null,
  updatedAt: '2026-11-20T06:30:00.000Z',
};

function renderAt(url: string, element: React.ReactNode, vendor: Partial<VendorProfile> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client, vendor);
  const router = createMemoryRouter(
    [
      { path: '/vendor/products/new', element },
      { path: '/vendor/products', element },
      { path: '/vendor/products/:productId', element: url.endsWith('/edit-here') ? element : <p>Edit page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

type Call = [string, RequestInit | undefined];
const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;

describe('the products list', () => {
  it('changes the stock in place: the stock the vendor saw goes with it, and the server’s refusal shows by the field', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        return json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Stock changed',
              fields: { stock: 'Stock is now 2, not 3: orders came in while you were editing. Check the stock and save again.' },
            },
          },
          409,
        );
      }
      return json({ items: [product], total: 1, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products', <VendorProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change stock of Lenovo ThinkPad E14 Gen 5' }));
    const input = screen.getByRole('textbox', { name: 'New stock of Lenovo ThinkPad E14 Gen 5' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '12{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock is now 2, not 3');
    const patch = (fetch.mock.calls as Call[]).find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/vendor/products/prd_1');
    expect(bodyOf(patch)).toEqual({ stock: 12, stockWas: 3 });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New stock/ })).not.toBeInTheDocument();
  });

  it('refuses a price above the MRP with the MRP in rupees, before anything is sent', async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => json({ items: [product], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products', <VendorProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change price of Lenovo ThinkPad E14 Gen 5' }));
    const input = screen.getByRole('textbox', { name: 'New price of Lenovo ThinkPad E14 Gen 5' });
    await user.clear(input);
    await user.type(input, '85,000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Price must not be above the MRP (₹79,990.00). Change the MRP in the product's form first.",
    );
    await user.clear(input);
    await user.type(input, 'cheap{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Price must be an amount in rupees, like 54,990 or 54990.50');
    expect((fetch.mock.calls as Call[]).some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('gives focus back to the button that opened the editor when Escape or Cancel closes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [product], total: 1, page: 1, pageSize: 20 })),
    );
    renderAt('/vendor/products', <VendorProductsPage />);
    const user = userEvent.setup();
    const changePrice = await screen.findByRole('button', { name: 'Change price of Lenovo ThinkPad E14 Gen 5' });
    await user.click(changePrice);
    expect(screen.getByRole('textbox', { name: 'New price of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New price/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change price of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'New price of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Change price of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Change stock of Lenovo ThinkPad E14 Gen 5' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Change stock of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();

    // Escape works from the editor's buttons too, not only from its box.
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: /New stock/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change stock of Lenovo ThinkPad E14 Gen 5' })).toHaveFocus();
  });

  it('confirms a stock saved although the product then leaves the list of low-stock products', async () => {
    let saved = false;
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        saved = true;
        return json({ product: { ...product, stock: 12 } });
      }
      // Restocked, the product is no longer low: the list fetched again is empty.
      return json({ items: saved ? [] : [product], total: saved ? 0 : 1, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products?stock=low', <VendorProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change stock of Lenovo ThinkPad E14 Gen 5' }));
    const input = screen.getByRole('textbox', { name: 'New stock of Lenovo ThinkPad E14 Gen 5' });
    await user.clear(input);
    await user.type(input, '12{Enter}');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Lenovo ThinkPad E14 Gen 5: 12 in stock'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Change stock of/ })).not.toBeInTheDocument());
    const listed = (fetch.mock.calls as Call[]).filter(([, init]) => init?.method !== 'PATCH').map(([url]) => url);
    expect(listed.at(-1)).toContain('stock=low');
  });

  it('archives the chosen products in one go, after asking, and fetches the list again', async () => {
    const second = { ...product, id: 'prd_2', name: 'Dell P2422H', sku: null };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? json({ updated: 2, ids: ['prd_1', 'prd_2'] })
        : json({ items: [product, second], total: 2, page: 1, pageSize: 20 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products', <VendorProductsPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    const listCalls = fetch.mock.calls.length;
    await user.click(within(bar).getByRole('button', { name: 'Archive' }));
    // Nothing is archived before the seller confirms: archived products leave the shop.
    const dialog = await screen.findByRole('dialog', { name: 'Archive 2 products?' });
    expect(dialog).toHaveTextContent('shoppers can no longer find or buy them');
    expect((fetch.mock.calls as Call[]).some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Archive 2 products' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = (fetch.mock.calls as Call[]).find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/vendor/products/status');
    expect(bodyOf(post)).toEqual({ ids: ['prd_1', 'prd_2'], status: 'archived' });
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(listCalls + 1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });
  it('shows a suspended seller its products as out of the shop, with the reason, and nothing to change them with', async () => {
    const fetch = vi.fn(async () => json({ items: [product], total: 1, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products', <VendorProductsPage />, { status: 'suspended', statusReason: 'GST returns not filed since August' });
    const row = await screen.findByRole('row', { name: /Lenovo ThinkPad E14 Gen 5/ });
    expect(within(row).getByText('Out of the shop')).toBeVisible();
    expect(within(row).queryByText('On sale')).not.toBeInTheDocument();
    // Its page in the shop is gone: no link leads there.
    expect(within(row).queryByRole('link', { name: 'View in the shop' })).not.toBeInTheDocument();
    const alert = screen.getAllByRole('status').find((region) => region.textContent?.includes('suspended'));
    expect(alert).toHaveTextContent('Your vendor account is suspended');
    expect(alert).toHaveTextContent('Your products are out of the shop: shoppers cannot find or buy them.');
    expect(alert).toHaveTextContent('Reason given: GST returns not filed since August');
    // The server refuses every change while suspended: the list offers none.
    expect(screen.queryByRole('button', { name: /Change (price|stock) of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Still the seller's own record: the product opens for reading.
    expect(within(row).getByRole('link', { name: 'Lenovo ThinkPad E14 Gen 5' })).toHaveAttribute('href', '/vendor/products/prd_1');
  });

  it('keeps "On sale", the link to the shop and the pencils for an approved seller', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [product], total: 1, page: 1, pageSize: 20 })),
    );
    renderAt('/vendor/products', <VendorProductsPage />);
    const row = await screen.findByRole('row', { name: /Lenovo ThinkPad E14 Gen 5/ });
    expect(within(row).getByText('On sale')).toBeVisible();
    // On sale with no picture: the row says so.
    expect(within(row).getByText('No picture')).toHaveClass('badge-warning');
    expect(within(row).getByRole('link', { name: 'View in the shop' })).toHaveAttribute('href', '/product/prd_1');
    expect(within(row).getByRole('button', { name: 'Change price of Lenovo ThinkPad E14 Gen 5' })).toBeEnabled();
    expect(screen.queryByText('Your vendor account is suspended')).not.toBeInTheDocument();
  });
});

describe('a product of a suspended seller', () => {
  it('opens for reading only: every field and button is disabled and the shop link is gone', async () => {
    const monitor = ownMonitor({ id: 'edit-here', status: 'active' });
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      json(url.endsWith('/images') ? { pictures: [] } : { product: monitor }),
    );
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products/edit-here', <VendorProductPage />, { status: 'suspended', statusReason: null });
    const form = await screen.findByRole('form', { name: `Edit ${monitor.name}` });
    expect(screen.getByText('Your vendor account is suspended')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'View in the shop' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Brand' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect((fetch.mock.calls as Call[]).every(([, init]) => !init?.method || init.method === 'GET')).toBe(true);
  });
});

describe('a product that is not there', () => {
  it('says it was not found, with the way back to the products and no Retry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'NOT_FOUND', message: 'We could not find this product among yours.' } }, 404)),
    );
    renderAt('/vendor/products/edit-here', <VendorProductPage />);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to your products' })).toHaveAttribute('href', '/vendor/products');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps Retry when the shop failed to answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } }, 500)),
    );
    renderAt('/vendor/products/edit-here', <VendorProductPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This product could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('the product form', () => {
  it('tells a vendor awaiting approval why it cannot add products yet, instead of a form the shop would refuse', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    renderAt('/vendor/products/new', <VendorNewProductPage />, { status: 'pending', decidedAt: null });
    expect(await screen.findByText('You can add products once we approve your account')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/vendor/profile');
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save product' })).not.toBeInTheDocument();
  });

  it('checks a line of More specifications as the seller leaves each field, not while the value is still to be typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({})),
    );
    renderAt('/vendor/products/new', <VendorNewProductPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a line' }));
    await user.type(screen.getByRole('textbox', { name: 'Line 1 label' }), 'Battery');
    await user.tab(); // into the value, not typed yet
    expect(screen.getByRole('textbox', { name: 'Line 1 value' })).toHaveFocus();
    expect(screen.queryByText('Enter the value')).not.toBeInTheDocument();
    expect(screen.queryByText(/Some fields need your attention/)).not.toBeInTheDocument();
    await user.tab(); // left empty: now it is the seller's doing
    expect(await screen.findByText('Enter the value')).toBeInTheDocument();
    // The form's banner waits for a save: it does not come and go above the button while fields are filled in.
    expect(screen.queryByText(/Some fields need your attention/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText(/Some fields need your attention/)).toBeInTheDocument();
  });

  it('asks for the specifications of the chosen category with the shared rules, before anything is sent', async () => {
    const fetch = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    renderAt('/vendor/products/new', <VendorNewProductPage />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Laptop specifications' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Processor' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Monitor');
    expect(screen.getByRole('heading', { name: 'Monitor specifications' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Processor' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'HSN code' })).toHaveValue('85285200');

    await user.type(screen.getByRole('textbox', { name: 'Price (₹)' }), '20,000');
    await user.type(screen.getByRole('textbox', { name: 'MRP (₹)' }), '18,000');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Price must not be above the MRP')).toBeInTheDocument();
    expect(screen.getByText('Enter the panel type of this monitor')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Brand' })).toHaveAccessibleDescription('Enter the brand');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the pictures of a product', () => {
  it('uploads pictures chosen together one after another, so they keep the order they were chosen in', async () => {
    const finish: Array<() => void> = [];
    vi.mocked(uploadPicture).mockImplementation(
      (_productId, file) =>
        new Promise((resolve) => finish.push(() => resolve({ id: `img_${file.name}`, alt: file.name, width: 800, height: 600 }))),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ pictures: [] })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ProductPictures productId="prd_1" initial={[]} />
      </QueryClientProvider>,
    );
    const files = ['front.png', 'side.png', 'back.png'].map((name) => new File([new Uint8Array(2_000)], name, { type: 'image/png' }));
    await userEvent.setup().upload(screen.getByLabelText('Choose pictures to upload'), files);
    // All three wait in the list; only the first is on its way.
    await waitFor(() => expect(uploadPicture).toHaveBeenCalledTimes(1));
    expect(vi.mocked(uploadPicture).mock.calls[0]![1].name).toBe('front.png');
    finish[0]!();
    await waitFor(() => expect(uploadPicture).toHaveBeenCalledTimes(2));
    expect(vi.mocked(uploadPicture).mock.calls[1]![1].name).toBe('side.png');
    finish[1]!();
    await waitFor(() => expect(uploadPicture).toHaveBeenCalledTimes(3));
    expect(vi.mocked(uploadPicture).mock.calls[2]![1].name).toBe('back.png');
  });

  it('moves a picture earlier or later with its buttons and sends the new order; the first has no "earlier"', async () => {
    const pictures = ['img_a', 'img_b', 'img_c'].map((id, i) => ({ id, alt: `Picture ${i + 1}`, width: 800, height: 600 }));
    let saved = pictures;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const { ids } = JSON.parse(String(init.body)) as { ids: string[] };
        saved = ids.map((id) => pictures.find((p) => p.id === id)!);
        return json({ pictures: saved });
      }
      if (url.endsWith('/images')) return json({ pictures: saved });
      return json({ items: [], total: 0, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ProductPictures productId="prd_1" initial={pictures} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Move picture 1 earlier' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move picture 3 later' })).not.toBeInTheDocument();

    screen.getByRole('button', { name: 'Move picture 3 earlier' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT') as Call;
    expect(put[0]).toBe('/api/vendor/products/prd_1/images/order');
    expect(bodyOf(put)).toEqual({ ids: ['img_a', 'img_c', 'img_b'] });
    const order = screen.getByRole('list', { name: 'Pictures in order' });
    await waitFor(() =>
      expect(
        within(order)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Picture 1 (main): Picture 1', 'Picture 2: Picture 3', 'Picture 3: Picture 2']),
    );
  });
});
