import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
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

afterEach(() => vi.unstubAllGlobals());

// Sending, server field errors and the rate limit are proven against the real API in
// tests/e2e/contact.spec.ts; here only what happens before any request is made.
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
});
