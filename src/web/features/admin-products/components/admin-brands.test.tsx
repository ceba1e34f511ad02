import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBrand } from '~/shared/schemas/catalogue-admin';
import AdminBrandsPage from '~/web/app/routes/admin/brands';
import { Toaster } from '~/web/components/ui/toaster';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const brands: AdminBrand[] = [
  { brand: 'HP', count: 5, activeCount: 5 },
  { brand: 'Lenevo', count: 2, activeCount: 1 },
  { brand: 'Lenovo', count: 12, activeCount: 10 },
  { brand: 'LENOVO', count: 3, activeCount: 2 },
];

type Call = [string, RequestInit | undefined];

function renderAt(url: string, answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (u: string, init?: RequestInit) => answer(u, init));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/products/brands', element: <AdminBrandsPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const posts = () => (fetch.mock.calls as Call[]).filter(([, init]) => init?.method === 'POST');
  return { fetch, router, posts };
}

describe('Brands', () => {
  it('lists brands with their product counts and points out the ones that look alike', async () => {
    const { fetch, router } = renderAt('/admin/products/brands', () => json({ items: brands }));
    const table = await screen.findByRole('table', { name: 'Brands (4)' });
    const row = within(table).getByRole('row', { name: /^LENOVO/ });
    expect(row).toHaveTextContent('Looks like Lenovo');
    expect(within(row).getByRole('link', { name: '3 products of LENOVO' })).toHaveAttribute('href', '/admin/products?brand=LENOVO');
    expect(within(table).getByRole('row', { name: /^HP/ })).not.toHaveTextContent('Looks like');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Brand name' }), 'len{Enter}');
    expect(router.state.location.search).toBe('?q=len');
    expect(fetch).toHaveBeenCalledWith('/api/admin/products/brands?q=len', expect.anything());
  });

  it('merges a misspelt brand into an existing one only after the admin confirms the merge', async () => {
    let merged = false;
    const { posts } = renderAt('/admin/products/brands', (_url, init) => {
      if (init?.method === 'POST') {
        merged = true;
        return json({ brand: 'Lenovo', updated: 2 });
      }
      return json({ items: merged ? brands.filter((b) => b.brand !== 'Lenevo') : brands });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename or merge Lenevo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or merge Lenevo' });
    const name = within(dialog).getByRole('combobox', { name: 'New name' });

    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('Enter the new name')).toBeInTheDocument();
    await user.type(name, 'lenovo');
    expect(name).toHaveAccessibleDescription('Lenovo is already a brand: write it exactly so to merge into it.');
    await user.clear(name);
    await user.type(name, 'Lenovo');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await within(dialog).findByText('Merge Lenevo into Lenovo?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('The 2 products of Lenevo will carry Lenovo, which 12 products already carry.');
    expect(posts()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Merge brands' }));

    expect(await screen.findByText('Lenevo is merged into Lenovo: 2 products changed.')).toBeInTheDocument();
    expect(posts()[0]![0]).toBe('/api/admin/products/brands/rename');
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ from: 'Lenevo', to: 'Lenovo' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Lenevo/ })).not.toBeInTheDocument());
  });

  it('renames to a new name at once, and shows the server’s objection in the dialog', async () => {
    const { posts } = renderAt('/admin/products/brands', (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { to: string };
        return body.to === 'H P'
          ? json({ error: { code: 'VALIDATION', message: 'Check the fields', fields: { to: 'That name is reserved' } } }, 400)
          : json({ brand: body.to, updated: 5 });
      }
      return json({ items: brands });
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename or merge HP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or merge HP' });
    const name = within(dialog).getByRole('combobox', { name: 'New name' });
    await user.type(name, 'H P');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('That name is reserved')).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Hewlett-Packard');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('HP is now Hewlett-Packard on 5 products.')).toBeInTheDocument();
    expect(JSON.parse(String(posts().at(-1)![1]!.body))).toEqual({ from: 'HP', to: 'Hewlett-Packard' });
  });

  it('says when no brand matches the search, with a way back to every brand', async () => {
    renderAt('/admin/products/brands?q=zzz', () => json({ items: [] }));
    expect(await screen.findByRole('heading', { name: 'No brand matches' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('offers Retry when the brands cannot be loaded', async () => {
    renderAt('/admin/products/brands', () => json({ error: { code: 'UNAVAILABLE', message: 'Busy' } }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent('The brands could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
