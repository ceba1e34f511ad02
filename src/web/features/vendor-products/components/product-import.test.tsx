import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportRowError, ProductImport, ProductImportDetail } from '~/shared/schemas/product-imports';
import VendorProductImportPage from '~/web/app/routes/vendor/product-import';
import { Toaster } from '~/web/components/ui/toaster';
import { knowVendorAccount } from '~/web/test/vendor-account';
import { importResultText } from './import-progress';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function anImport(overrides: Partial<ProductImport> = {}): ProductImport {
  return {
    id: 'imp_1',
    fileName: 'monitors.csv',
    fileBytes: 2_048,
    status: 'done',
    total: 1_23_456,
    done: 1_23_456,
    created: 1_20_000,
    updated: 3_456,
    createdProducts: 40_000,
    newProductConfigurations: 1_20_000,
    skipped: 2,
    summary: null,
    error: null,
    attempts: 1,
    createdAt: '2026-11-26T04:30:00.000Z',
    startedAt: '2026-11-26T04:30:01.000Z',
    finishedAt: '2026-11-26T04:31:00.000Z',
    pictures: { total: 0, done: 0, added: 0, failed: 0, finishedAt: null },
    ...overrides,
  };
}

const ROW_ERRORS: ImportRowError[] = [
  { line: 3, sku: 'MON-7', name: 'Dell 27', errors: { price: 'Price must not be above the MRP' } },
  { line: 9, sku: null, name: 'LG 24', errors: { sku: 'SKU is needed to import a row: it matches the row to your product.' } },
];
/** An import as its own address gives it: with the rows it left out. */
const aDetail = (overrides: Partial<ProductImportDetail> = {}): ProductImportDetail => ({
  ...anImport(overrides),
  rowErrors: ROW_ERRORS,
  pictureErrors: [],
  ...overrides,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  knowVendorAccount(client);
  const router = createMemoryRouter([{ path: '/vendor/products/import', element: <VendorProductImportPage /> }], {
    initialEntries: ['/vendor/products/import'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the import page', () => {
  it('explains beside the templates that rows of one product_key are one product, told apart by their options', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    );
    renderPage();
    const templates = await screen.findByRole('region', { name: 'Templates and export' });
    expect(within(templates).getByRole('link', { name: 'Laptop template' })).toHaveAttribute(
      'href',
      '/api/vendor/products/import/template?category=Laptop',
    );
    expect(templates).toHaveTextContent('Rows with the same product_key are one product with several configurations');
    expect(templates).toHaveTextContent('option1_name and option1_value (“RAM”, “16 GB”)');
    expect(templates).toHaveTextContent('a file without these columns imports as before, one product a row');
  });

  it('lists the imports with their progress, counts in Indian digits, times and the reason one failed', async () => {
    const items = [
      anImport({ id: 'imp_3', fileName: 'laptops.csv', status: 'running', done: 500, total: 1_000, created: null, updated: null }),
      anImport({ id: 'imp_2', fileName: 'desktops.csv', status: 'failed', error: 'Your seller account is suspended.', created: null }),
      anImport(),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items, total: 3, page: 1, pageSize: 20 })),
    );
    renderPage();
    const table = await screen.findByRole('region', { name: 'Your imports' });
    const running = within(table).getByRole('row', { name: /laptops\.csv/ });
    expect(within(running).getByRole('progressbar', { name: 'Importing laptops.csv' })).toHaveAttribute(
      'aria-valuetext',
      '500 of 1,000 rows',
    );
    expect(within(table).getByRole('row', { name: /desktops\.csv/ })).toHaveTextContent('FailedYour seller account is suspended.');
    const done = within(table).getByRole('row', { name: /monitors\.csv/ });
    expect(done).toHaveTextContent('1,20,000');
    expect(done).toHaveTextContent('26 Nov 2026, 10:00 am');
  });

  it('shows which rows a finished import left out and why, as the preview did, asking for them when opened', async () => {
    let failDetail = true;
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/vendor/products/imports/imp_1') {
        return failDetail
          ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500)
          : json({ import: aDetail() });
      }
      return json({ items: [anImport()], total: 1, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const user = userEvent.setup();
    const row = within(await screen.findByRole('region', { name: 'Your imports' })).getByRole('row', { name: /monitors\.csv/ });
    // The list (asked again while an import runs) does not carry them.
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/vendor/products/imports/imp_1');
    await user.click(within(row).getByText('See the 2 rows left out and why'));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'The rows left out could not be loaded: Something went wrong on our side.',
    );
    failDetail = false;
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    await within(row).findByText(/Price must not be above the MRP/);
    const lines = within(row).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Line 3 (SKU MON-7): price: Price must not be above the MRP',
      'Line 9: sku: SKU is needed to import a row: it matches the row to your product.',
    ]);
  });

  it('says so when there is no import yet, and offers Retry when the list cannot be loaded', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500)
          : json({ items: [], total: 0, page: 1, pageSize: 20 }),
      ),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Your imports could not be loaded' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('heading', { name: 'No imports yet' })).toBeInTheDocument();
  });

  it('says the limits, and refuses a file over 10 MB at once with the reason, sending nothing', async () => {
    const fetch = vi.fn(async () => json({ items: [], total: 0, page: 1, pageSize: 20 }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    expect(await screen.findByText('One file at a time, up to 10,000 rows and 10 MB.')).toBeInTheDocument();
    const huge = new File(['sku\n'], 'everything.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.setup().upload(screen.getByLabelText('Choose a CSV file to import'), huge);
    expect(await screen.findByText('everything.csv: A CSV may be at most 10 MB; split it into smaller files.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/api/vendor/products/import/preview', expect.anything());
  });

  it('queues the file under its name and follows it until it is done', async () => {
    const states = [aDetail({ status: 'running', done: 250, total: 2, created: null, updated: null }), aDetail({ total: 2, done: 2 })];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/vendor/products/import/preview') {
        return json({ rows: [{ line: 2, sku: 'M-1', name: 'Dell 27', action: 'create', errors: {} }], create: 1, update: 0, error: 0 });
      }
      if (init?.method === 'POST') return json({ import: aDetail({ status: 'queued', done: 0, total: 1, created: null }) }, 202);
      if (url.startsWith('/api/vendor/products/imports/')) return json({ import: states.shift() ?? aDetail() });
      return json({ items: [], total: 0, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose a CSV file to import'), new File(['sku\nM-1\n'], 'monitors.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 row' }));
    expect(fetch).toHaveBeenCalledWith('/api/vendor/products/import?fileName=monitors.csv', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText(/You can leave this page/)).toBeInTheDocument();
    const finished = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(finished).toHaveTextContent(
      'monitors.csv: 40,000 products added in 1,20,000 configurations; 3,456 configurations updated; 2 rows with errors left out.',
    );
    // The rows left out stay readable once the import ran: which, and why.
    await user.click(within(finished).getByText('See the 2 rows left out and why'));
    expect(within(finished).getByText(/Line 3 \(SKU MON-7\)/)).toBeVisible();
    expect(within(finished).getAllByRole('listitem')[0]).toHaveTextContent('price: Price must not be above the MRP');
  });
});

describe('the pictures of an import (decision 61)', () => {
  const PICTURE_ERRORS = [
    { line: 4, sku: 'MON-9', url: 'https://img.example.in/mon-9/back.jpg', reason: 'The address answered 404' },
    { line: 7, sku: 'MON-12', url: 'https://img.example.in/mon-12.txt', reason: 'This is not a picture we can read' },
  ];

  it('explains the column, counts the addresses in the preview, then follows their fetching and tells each one not added and why', async () => {
    const fetching = (done: number) => ({ total: 14, done, added: done, failed: 0, finishedAt: null });
    const states = [
      aDetail({ status: 'running', done: 1, total: 2, created: null, updated: null }),
      aDetail({ total: 2, done: 2, pictures: fetching(3) }),
      aDetail({ total: 2, done: 2, pictures: fetching(9) }),
      aDetail({
        total: 2,
        done: 2,
        pictures: { total: 14, done: 14, added: 12, failed: 2, finishedAt: '2026-11-26T04:32:00.000Z' },
        pictureErrors: PICTURE_ERRORS,
      }),
    ];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/vendor/products/import/preview') {
        return json({
          rows: [
            { line: 2, sku: 'M-1', name: 'Dell 27', action: 'create', errors: {}, pictures: 3 },
            { line: 3, sku: 'M-2', name: 'LG 24', action: 'update', errors: {}, pictures: 0 },
          ],
          create: 1,
          update: 1,
          error: 0,
        });
      }
      if (init?.method === 'POST') return json({ import: aDetail({ status: 'queued', done: 0, total: 2, created: null }) }, 202);
      if (url.startsWith('/api/vendor/products/imports/')) return json({ import: states.length > 1 ? states.shift() : states[0] });
      return json({ items: [], total: 0, page: 1, pageSize: 20 });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    render(<Toaster />);
    expect(await screen.findByText(/Pictures go in the/)).toHaveTextContent(
      'web addresses (https://…) separated by spaces, new lines or “;”, up to 8 a product',
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose a CSV file to import'), new File(['sku\nM-1\n'], 'monitors.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/3 picture addresses to fetch once the rows are written/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Dell 27/ })).toHaveTextContent('3 pictures to fetch');
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));

    // A phase of its own after the rows: a bar of the addresses fetched.
    const bar = await screen.findByRole('progressbar', { name: 'Fetching the pictures of monitors.csv' }, { timeout: 5_000 });
    expect(bar).toHaveAttribute('aria-valuetext', '3 of 14 pictures');
    expect(screen.getByText('Fetching pictures: 3 of 14')).toBeInTheDocument();
    await screen.findByText('Fetching pictures: 9 of 14', {}, { timeout: 5_000 });

    const result = await screen.findByText('Pictures: 12 of 14 added; 2 could not be fetched.', {}, { timeout: 5_000 });
    expect(screen.queryByRole('progressbar', { name: 'Fetching the pictures of monitors.csv' })).not.toBeInTheDocument();
    const failures = within(result.parentElement!).getByRole('list', { name: 'Pictures not added' });
    expect(
      within(failures)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual([
      'Line 4 (SKU MON-9): https://img.example.in/mon-9/back.jpg — The address answered 404',
      'Line 7 (SKU MON-12): https://img.example.in/mon-12.txt — This is not a picture we can read',
    ]);
    // Said once in a toast too, for a seller who went on to other things.
    expect(
      await screen.findByText('monitors.csv: Pictures: 12 of 14 added; 2 could not be fetched.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows in Recent imports the pictures being fetched, then what came of them, the failures asked for when opened', async () => {
    const items = [
      anImport({ id: 'imp_5', fileName: 'laptops.csv', pictures: { total: 40, done: 10, added: 9, failed: 1, finishedAt: null } }),
      anImport({ pictures: { total: 14, done: 14, added: 12, failed: 2, finishedAt: '2026-11-26T04:32:00.000Z' } }),
    ];
    const fetch = vi.fn(async (url: string) =>
      url === '/api/vendor/products/imports/imp_1'
        ? json({ import: aDetail({ pictures: items[1]!.pictures, pictureErrors: PICTURE_ERRORS }) })
        : json({ items, total: 2, page: 1, pageSize: 20 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const table = await screen.findByRole('region', { name: 'Your imports' });
    const running = within(table).getByRole('row', { name: /laptops\.csv/ });
    expect(within(running).getByRole('progressbar', { name: 'Fetching the pictures of laptops.csv' })).toHaveAttribute(
      'aria-valuetext',
      '10 of 40 pictures',
    );
    const done = within(table).getByRole('row', { name: /monitors\.csv/ });
    expect(done).toHaveTextContent('Pictures: 12 of 14 added; 2 could not be fetched.');
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/vendor/products/imports/imp_1');
    await userEvent.setup().click(within(done).getByText('See the 2 pictures not added and why'));
    expect(await within(done).findByText(/The address answered 404/)).toHaveTextContent(
      'Line 4 (SKU MON-9): https://img.example.in/mon-9/back.jpg — The address answered 404',
    );
  });
});

describe('importResultText', () => {
  it('counts products and configurations apart, one as one, not "1 products"', () => {
    const counts = { createdProducts: 3, newProductConfigurations: 7 };
    expect(importResultText({ created: 7, updated: 2, skipped: 0, ...counts })).toBe(
      '3 products added in 7 configurations; 2 configurations updated.',
    );
    expect(importResultText({ created: 1, updated: 1, skipped: 7, createdProducts: 1, newProductConfigurations: 1 })).toBe(
      '1 product added; 1 configuration updated; 7 rows with errors left out.',
    );
    expect(importResultText({ created: 2, updated: 0, skipped: 1, createdProducts: 1, newProductConfigurations: 1 })).toBe(
      '1 product added; 1 configuration added to your products; 1 row with errors left out.',
    );
    expect(importResultText({ created: 0, updated: 2, skipped: 1, createdProducts: 0, newProductConfigurations: 0 })).toBe(
      '2 configurations updated; 1 row with errors left out.',
    );
  });
  it('says what the server said when it said it', () => {
    expect(importResultText({ created: 7, updated: 2, skipped: 0, summary: 'As the shop says.' })).toBe('As the shop says.');
  });
});
