import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '~/shared/schemas/auth';
import type { AdminJob, AdminJobsResponse, JobCounts } from '~/shared/schemas/jobs';
import AdminArea from '~/web/app/routes/admin/admin-routes';
import AdminJobsPage from '~/web/app/routes/admin/jobs';
import { Toaster } from '~/web/components/ui/toaster';
import { SESSION_QUERY_KEY } from '~/web/lib/query-client';

// The clock stands at 26 Nov 2026, 3:30 pm in India (and moves on), so "2 hours ago" and the absolute times are known.
const NOW = Date.parse('2026-11-26T10:00:00.000Z');
beforeEach(() => vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    id: '12',
    task: 'mail.send',
    state: 'failed',
    attempts: 10,
    maxAttempts: 10,
    lastError: 'Error: connect ECONNREFUSED 10.0.4.12:587 (the SMTP server did not answer)',
    runAt: ago(150),
    createdAt: ago(600),
    updatedAt: ago(120),
    lockedBy: null,
    lockedAt: null,
    payload: { messageId: 'mail_7Hq2' },
    requestId: '5b0e2c7a-9f0d-4c61-8a55-2f4e1d9c3b77',
    ...overrides,
  };
}
const picture = job({ id: '13', task: 'media.renditions', attempts: 3, maxAttempts: 3, payload: { imageId: 'img_44' }, requestId: null });
const settle = job({
  id: '40',
  task: 'payouts.settle',
  state: 'scheduled',
  attempts: 0,
  maxAttempts: 1,
  lastError: null,
  runAt: new Date(NOW + 25 * 60_000).toISOString(),
  payload: {},
  requestId: null,
});

const COUNTS: JobCounts = { failed: 2, running: 1, waiting: 0, scheduled: 5 };
function listOf(items: AdminJob[], counts: Partial<JobCounts> = {}): AdminJobsResponse {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    counts: { ...COUNTS, ...counts },
    tasks: ['mail.send', 'media.renditions', 'payouts.settle'],
  };
}

function renderPage(url: string, fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  const stub = vi.fn(fetch);
  vi.stubGlobal('fetch', stub);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/admin/jobs', element: <AdminJobsPage /> },
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetch: stub, router };
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the Background jobs page', () => {
  it('lists the failed jobs with what they do and work on, their tries, error, time and request id, under tabs with counts', async () => {
    const { fetch, router } = renderPage('/admin/jobs', async () => json(listOf([job(), picture])));
    const table = await screen.findByRole('table', { name: 'Failed jobs, most recent first (2)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/jobs', expect.anything());

    const tabs = screen.getByRole('navigation', { name: 'Job states' });
    // In this order, each named with its count.
    const names = ['Failed 2 jobs', 'Running 1 job', 'Waiting 0 jobs', 'Scheduled 5 jobs'];
    expect(within(tabs).getAllByRole('link')).toEqual(names.map((name) => within(tabs).getByRole('link', { name })));
    expect(within(tabs).getByRole('link', { name: 'Failed 2 jobs' })).toHaveAttribute('aria-current', 'page');

    const [mail, image] = rowsOf(table).filter((r) => r.hasAttribute('data-testid'));
    expect(within(mail!).getByRole('rowheader')).toHaveTextContent('Send an e-mail#12 · mail.send');
    expect(mail).toHaveTextContent('E-mail mail_7Hq2');
    expect(mail).toHaveTextContent('10 of 10');
    expect(mail).toHaveTextContent('Error: connect ECONNREFUSED 10.0.4.12:587');
    expect(mail).toHaveTextContent('Failed 2 hours ago');
    expect(within(mail!).getByText('26 Nov 2026, 1:30 pm')).toHaveAttribute('dateTime', ago(120));
    expect(mail).toHaveTextContent('5b0e2c7a-9f0d-4c61-8a55-2f4e1d9c3b77');
    expect(within(mail!).getByRole('button', { name: 'Retry: job #12 “Send an e-mail”' })).toBeInTheDocument();
    expect(within(mail!).getByRole('button', { name: 'Dismiss: job #12 “Send an e-mail”' })).toBeInTheDocument();
    expect(image).toHaveTextContent('Resize a product picture');
    expect(image).toHaveTextContent('Picture img_44');
    expect(image).toHaveTextContent('3 of 3');

    // The filter by job offers the jobs in the queue by their titles, and keeps the tab.
    const filter = screen.getByLabelText('Job');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Every job', 'Resize a product picture', 'Send an e-mail', 'Settle vendor payouts']);
    await user().selectOptions(filter, 'media.renditions');
    expect(router.state.location.search).toBe('?task=media.renditions');
    await waitFor(() => expect(fetch).toHaveBeenLastCalledWith('/api/admin/jobs?task=media.renditions', expect.anything()));
    expect(within(tabs).getByRole('link', { name: /^Scheduled/ })).toHaveAttribute(
      'href',
      '/admin/jobs?state=scheduled&task=media.renditions',
    );
  });

  it('opens a row to the whole error line, every time, where its log lines are and its audit entries', async () => {
    renderPage('/admin/jobs', async () => json(listOf([job()])));
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Details of job #12 “Send an e-mail”' }));
    const details = screen.getByText('Log lines').closest('dl')!;
    expect(details).toHaveTextContent('Last errorError: connect ECONNREFUSED 10.0.4.12:587 (the SMTP server did not answer)');
    expect(details).toHaveTextContent('Queued26 Nov 2026, 5:30 am (10 hours ago)');
    expect(details).toHaveTextContent('jobId 12');
    expect(details).toHaveTextContent('reqId 5b0e2c7a-9f0d-4c61-8a55-2f4e1d9c3b77');
    expect(within(details).getByRole('link', { name: 'Retries and dismissals of job #12' })).toHaveAttribute(
      'href',
      '/admin/audit?entityType=job&entityId=12',
    );

    await u.click(screen.getByRole('button', { name: 'Copy the request id of job #12' }));
    expect(await navigator.clipboard.readText()).toBe('5b0e2c7a-9f0d-4c61-8a55-2f4e1d9c3b77');
    expect(await screen.findByText(/^Request id copied/)).toBeInTheDocument();
  });

  it('retries a failed job: the server is asked, a toast says so and the refreshed list no longer has it', async () => {
    let retried = false;
    const { fetch } = renderPage('/admin/jobs', async (url, init) => {
      if (init?.method === 'POST') {
        retried = true;
        return json({ job: job({ state: 'waiting', attempts: 0 }) });
      }
      return json(retried ? listOf([], { failed: 0, waiting: 1 }) : listOf([job()]));
    });
    await user().click(await screen.findByRole('button', { name: 'Retry: job #12 “Send an e-mail”' }));
    expect(fetch).toHaveBeenCalledWith('/api/admin/jobs/12/retry', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Retrying job #12 “Send an e-mail”: it runs again now.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No failed jobs — everything ran.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Waiting 1 job' })).toBeInTheDocument();
  });

  it('dismisses a failed job only once the admin confirms, then refreshes the list', async () => {
    let dismissed = false;
    const { fetch } = renderPage('/admin/jobs', async (_url, init) => {
      if (init?.method === 'DELETE') {
        dismissed = true;
        return json(null, 204);
      }
      return json(dismissed ? listOf([picture], { failed: 1 }) : listOf([job(), picture]));
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Dismiss: job #12 “Send an e-mail”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Dismiss job #12?' });
    expect(dialog).toHaveTextContent('“Send an e-mail” is removed from the queue and will not run again');
    await u.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));

    await u.click(screen.getByRole('button', { name: 'Dismiss: job #12 “Send an e-mail”' }));
    dialog = await screen.findByRole('dialog', { name: 'Dismiss job #12?' });
    await u.click(within(dialog).getByRole('button', { name: 'Dismiss job' }));
    expect(fetch).toHaveBeenCalledWith('/api/admin/jobs/12', expect.objectContaining({ method: 'DELETE' }));
    expect(await screen.findByText('Dismissed job #12 “Send an e-mail”. It will not run again.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Failed jobs, most recent first (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /job #12/ })).not.toBeInTheDocument();
  });

  it("shows the server's message when a job runs meanwhile (409) or is gone (404)", async () => {
    renderPage('/admin/jobs', async (_url, init) => {
      if (init?.method === 'POST') {
        return json({ error: { code: 'CONFLICT', message: 'This job is running now: wait for it to finish or fail.' } }, 409);
      }
      if (init?.method === 'DELETE') {
        return json({ error: { code: 'NOT_FOUND', message: 'There is no job 13: it may have finished or been dismissed.' } }, 404);
      }
      return json(listOf([job(), picture]));
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Retry: job #12 “Send an e-mail”' }));
    expect(await screen.findByText('This job is running now: wait for it to finish or fail.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Dismiss: job #13 “Resize a product picture”' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Dismiss job' }));
    expect(await screen.findByText('There is no job 13: it may have finished or been dismissed.')).toBeInTheDocument();
  });

  it('offers Run now on scheduled jobs, and says when each runs', async () => {
    const retry = job({ id: '41', state: 'scheduled', attempts: 2, maxAttempts: 10, runAt: new Date(NOW + 8 * 60_000).toISOString() });
    const { fetch } = renderPage('/admin/jobs?state=scheduled', async (_url, init) =>
      init?.method === 'POST' ? json({ job: { ...settle, state: 'waiting' } }) : json(listOf([settle, retry])),
    );
    const table = await screen.findByRole('table', { name: 'Scheduled jobs, soonest first (2)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/jobs?state=scheduled', expect.anything());
    const [first, second] = rowsOf(table).filter((r) => r.hasAttribute('data-testid'));
    expect(first).toHaveTextContent('The whole shop');
    expect(first).toHaveTextContent('Runs in 25 minutes');
    expect(second).toHaveTextContent('Retries in 8 minutes');
    expect(within(first!).queryByRole('button', { name: /^Dismiss/ })).not.toBeInTheDocument();
    await user().click(within(first!).getByRole('button', { name: 'Run now: job #40 “Settle vendor payouts”' }));
    expect(fetch).toHaveBeenCalledWith('/api/admin/jobs/40/retry', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByText('Job #40 “Settle vendor payouts” runs now.')).toBeInTheDocument();
  });

  it('opens the product of a picture, the products of an importing seller and, with the development mailbox, the e-mail', async () => {
    const resize = job({ ...picture, payload: { imageId: 'img_44', productId: 'prd_9' } });
    const importing = job({ id: '77', task: 'catalogue.import-csv', payload: { importId: 'imp_3', vendorId: 'vnd_2' } });
    const { router } = renderPage('/admin/jobs', async (url) =>
      json(url === '/api/dev/mailbox/status' ? { mailboxEnabled: true } : listOf([job(), resize, importing])),
    );
    const table = await screen.findByRole('table', { name: 'Failed jobs, most recent first (3)' });
    const [mail, image, upload] = rowsOf(table).filter((r) => r.hasAttribute('data-testid'));
    // The picture itself has no page of its own in the console: it is named, not linked.
    expect(within(image!).queryByRole('link', { name: 'Picture img_44' })).not.toBeInTheDocument();
    expect(image).toHaveTextContent('Picture img_44');
    expect(within(image!).getByRole('link', { name: 'Product prd_9' })).toHaveAttribute('href', '/admin/products/prd_9');
    expect(within(upload!).getByRole('link', { name: 'Seller vnd_2' })).toHaveAttribute('href', '/admin/products?vendorId=vnd_2');
    const email = await within(mail!).findByRole('link', { name: 'E-mail mail_7Hq2' });
    expect(email).toHaveAttribute('href', '/dev/mailbox?id=mail_7Hq2');

    await user().click(within(image!).getByRole('link', { name: 'Product prd_9' }));
    expect(router.state.location.pathname).toBe('/admin/products/prd_9');
  });

  it('names an e-mail without a link when the shop sends its e-mails by SMTP (nothing kept to read)', async () => {
    renderPage('/admin/jobs', async (url) => json(url === '/api/dev/mailbox/status' ? { mailboxEnabled: false } : listOf([job()])));
    const table = await screen.findByRole('table', { name: 'Failed jobs, most recent first (1)' });
    const [mail] = rowsOf(table);
    expect(mail).toHaveTextContent('E-mail mail_7Hq2');
    expect(within(mail!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a running job as running and sees it finish at the next refresh', async () => {
    const running = job({
      id: '77',
      task: 'catalogue.import-csv',
      state: 'running',
      attempts: 1,
      lastError: null,
      payload: { importId: 'imp_3' },
      lockedBy: 'worker-1f2e',
      lockedAt: new Date(NOW - 20_000).toISOString(),
    });
    let finished = false;
    const { fetch } = renderPage('/admin/jobs?state=running', async () => json(finished ? listOf([], { running: 0 }) : listOf([running])));
    const table = await screen.findByRole('table', { name: 'Running jobs, most recent first (1)' });
    const [row] = rowsOf(table);
    expect(row).toHaveTextContent('Import a CSV of products');
    expect(row).toHaveTextContent('Import imp_3');
    expect(row).toHaveTextContent('Started 20 seconds ago');
    expect(row).toHaveTextContent('Running');
    expect(within(row!).queryByRole('button', { name: /^(Retry|Dismiss|Run now)/ })).not.toBeInTheDocument();

    finished = true;
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch.mock.calls.length).toBeGreaterThan(calls);
    expect(await screen.findByRole('heading', { name: 'Nothing is running right now.' })).toBeInTheDocument();
  });

  it('says a filtered tab is empty and offers every job again', async () => {
    const { router } = renderPage('/admin/jobs?state=waiting&task=mail.send', async () => json(listOf([], { waiting: 0 })));
    expect(await screen.findByRole('heading', { name: 'No waiting jobs of “Send an e-mail”.' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Show every job' }));
    expect(router.state.location.search).toBe('?state=waiting');
    expect(await screen.findByRole('heading', { name: 'Nothing is waiting.' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, and an error with Retry that loads the list', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetch } = renderPage('/admin/jobs', (url) =>
      url === '/api/dev/mailbox/status'
        ? Promise.resolve(json({ mailboxEnabled: false }))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    expect(await screen.findByRole('status', { name: 'Loading the jobs' })).toBeInTheDocument();
    answer(json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Request id abc.' } }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The jobs could not be loaded');
    fetch.mockImplementation(async () => json(listOf([])));
    await user().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'No failed jobs — everything ran.' })).toBeInTheDocument();
  });
});

describe('the admin sidebar', () => {
  const admin: Profile = {
    uid: 'usr_admin',
    email: 'admin@example.in',
    name: 'Meera Kulkarni',
    role: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    addresses: [],
    vendor: null,
    twoFactorEnabled: true,
  };

  it('counts the failed jobs beside Background jobs, which opens the page', async () => {
    // The page it starts on (the audit log) asks for its own list.
    const empty = { items: [], total: 0, page: 1, pageSize: 20 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(url.startsWith('/api/admin/jobs') ? listOf([job(), picture], { failed: 2 }) : empty)),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(SESSION_QUERY_KEY, { user: admin });
    const router = createMemoryRouter([{ path: '/admin/*', element: <AdminArea /> }], { initialEntries: ['/admin/audit'] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    const entry = await within(sidebar).findByRole('link', { name: 'Background jobs 2 failed' });
    await user().click(entry);
    // The router moves once the page's code is there (it loads with the first visit).
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/jobs'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeInTheDocument();
  });
});
