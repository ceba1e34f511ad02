import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';

function renderForm(defaults?: { name?: string; email?: string }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ContactForm defaults={defaults} />
    </QueryClientProvider>,
  );
}

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

async function fillValidMessage(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), 'Meera Joshi');
  await user.type(screen.getByLabelText('E-mail address'), 'meera@example.in');
  await user.type(screen.getByLabelText(/Mobile number/), '98220 45678');
  await user.selectOptions(screen.getByLabelText('What is it about?'), 'Product advice');
  await user.type(screen.getByLabelText('Your message'), 'Which laptop is best for AutoCAD under one lakh?');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactForm', () => {
  it('shows what is wrong before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Choose what your message is about')).toBeInTheDocument();
    expect(screen.getByLabelText('Your message')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the message and confirms it was received', async () => {
    const fetch = answer(201, { id: 'msg_1', receivedAt: '2026-11-21T06:30:00.000Z' });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderForm();

    await fillValidMessage(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText(/will reply within one working day/)).toBeInTheDocument();
    const [path, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/contact');
    expect(JSON.parse(init.body as string)).toMatchObject({ email: 'meera@example.in', mobile: '+919822045678', topic: 'Product advice' });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Meera Joshi');
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });

  it('puts server field errors on the fields and other errors above the button', async () => {
    vi.stubGlobal('fetch', answer(400, { error: { code: 'VALIDATION', message: 'Check the form', fields: { email: 'This address bounced' } } }));
    const user = userEvent.setup();
    renderForm({ name: 'Meera Joshi', email: 'meera@example.in' });
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Other');
    await user.type(screen.getByLabelText('Your message'), 'Do you sell laptop bags as well?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address bounced')).toBeInTheDocument();

    vi.stubGlobal('fetch', answer(429, { error: { code: 'RATE_LIMITED', message: 'Too many messages. Try again in 10 minutes.' } }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 10 minutes.');
  });
});
