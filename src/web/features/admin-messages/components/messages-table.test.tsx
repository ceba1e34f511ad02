import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage, ContactThread } from '~/shared/schemas/contact';
import AdminMessagesPage from '~/web/app/routes/admin/messages';
import { toast } from '~/web/lib/toast';

vi.mock('~/web/lib/toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function message(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 'msg_1',
    name: 'Sneha Patil',
    email: 'sneha.patil@example.in',
    mobile: '+919822045678',
    topic: 'Business or bulk purchase',
    message: 'We need 12 office desktops for our Kharadi office. Can you share a GST quotation?',
    createdAt: '2026-11-21T06:30:00.000Z',
    status: 'new',
    replyCount: 0,
    lastReplyAt: null,
    ...overrides,
  };
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin/messages', element: <AdminMessagesPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A small server: the list, a message's thread, replies and status changes. */
function server() {
  let thread: ContactThread = { message: message(), replies: [] };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/replies') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)).body as string;
      const reply = { id: 'rpl_1', body, createdAt: '2026-11-22T06:30:00.000Z', byName: 'Shop Admin', byEmail: 'admin@example.in' };
      thread = {
        message: { ...thread.message, status: 'replied', replyCount: 1, lastReplyAt: reply.createdAt },
        replies: [...thread.replies, reply],
      };
      return json(thread, 201);
    }
    if (url.endsWith('/close')) {
      thread = { ...thread, message: { ...thread.message, status: 'closed' } };
      return json(thread);
    }
    if (url === '/api/admin/contact-messages/msg_1') return json(thread);
    return json({ items: [thread.message], total: 1, page: 1, pageSize: 20 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('admin messages page', () => {
  it('lists the messages of the status in the address and filters by status', async () => {
    const fetch = server();
    const router = renderAt('/admin/messages?status=new');
    const table = await screen.findByRole('table', { name: 'Contact messages, newest first (1)' });
    expect(fetch).toHaveBeenCalledWith('/api/admin/contact-messages?page=1&pageSize=20&status=new', expect.anything());
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Sneha Patil');
    expect(row).toHaveTextContent('Business or bulk purchase');
    expect(row).toHaveTextContent('New');
    await userEvent.setup().selectOptions(screen.getByLabelText('Status'), 'closed');
    expect(router.state.location.search).toBe('?status=closed');
  });

  it('opens a message, checks the reply, sends it and shows it in the thread as replied, then closes the message', async () => {
    const fetch = server();
    renderAt('/admin/messages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the message from Sneha Patil' }));
    const thread = await screen.findByRole('region', { name: 'Message from Sneha Patil' });
    expect(thread).toHaveTextContent('+91 98220 45678');

    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByText('Write a reply of at least 10 characters')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/replies'), expect.anything());

    await user.type(within(thread).getByLabelText('Your reply'), 'The quotation for 12 desktops is attached.');
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByRole('list', { name: 'Replies sent' })).toHaveTextContent(
      'The quotation for 12 desktops is attached.',
    );
    expect(fetch).toHaveBeenCalledWith(
      '/api/admin/contact-messages/msg_1/replies',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ body: 'The quotation for 12 desktops is attached.' }) }),
    );
    expect(within(thread).getByLabelText('Your reply')).toHaveValue('');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('Replied'));

    await user.click(within(thread).getByRole('button', { name: 'Close message' }));
    expect(await within(thread).findByRole('button', { name: 'Reopen message' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('Closed'));
  });

  it('confirms a reply although the message then leaves the list of new messages, with its opened thread', async () => {
    let thread: ContactThread = { message: message(), replies: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/replies') && init?.method === 'POST') {
          const reply = { id: 'rpl_1', body: 'Sent', createdAt: '2026-11-22T06:30:00.000Z', byName: 'Shop Admin', byEmail: null };
          thread = { message: { ...thread.message, status: 'replied', replyCount: 1 }, replies: [reply] };
          return json(thread, 201);
        }
        if (url === '/api/admin/contact-messages/msg_1') {
          // Read again after the reply, the thread answers after the list (another request).
          if (thread.replies.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
          return json(thread);
        }
        const items = thread.message.status === 'new' ? [thread.message] : [];
        return json({ items, total: items.length, page: 1, pageSize: 20 });
      }),
    );
    renderAt('/admin/messages?status=new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the message from Sneha Patil' }));
    const opened = await screen.findByRole('region', { name: 'Message from Sneha Patil' });
    await user.type(within(opened).getByLabelText('Your reply'), 'The quotation for 12 desktops is attached.');
    await user.click(within(opened).getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByRole('heading', { name: 'No messages match' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Message from Sneha Patil' })).not.toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reply sent to sneha.patil@example.in.'));
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    );
    const router = renderAt('/admin/messages?status=closed&q=quotation');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeInTheDocument();
  });
});
