import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '~/web/features/contact/components/contact-form';
import { ContactComplaintForm } from './contact-complaint-form';

const TOPICS = ['Product advice', 'Complaint (grievance)'];

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

// Filing, the ticket number and the server's field errors are proven against the real API in
// tests/e2e/grievances.spec.ts; here only the hand-over between the contact page's two forms.
describe('the contact page’s complaint', () => {
  it('hands what was typed to the complaint form when the topic is a complaint', async () => {
    const onOtherTopic = vi.fn();
    const user = userEvent.setup();
    renderWith(<ContactForm otherTopics={['Complaint (grievance)']} onOtherTopic={onOtherTopic} />);
    await user.type(screen.getByLabelText('Full name'), 'Ravi Shinde');
    await user.type(screen.getByLabelText('E-mail address'), 'ravi@example.in');
    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Complaint (grievance)');
    expect(onOtherTopic).toHaveBeenCalledWith('Complaint (grievance)', { name: 'Ravi Shinde', email: 'ravi@example.in', mobile: '' });
  });

  it('keeps the sender, asks for a category and a description before sending, and hands back on another topic', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onTopicChange = vi.fn();
    const user = userEvent.setup();
    renderWith(
      <ContactComplaintForm
        sender={{ name: 'Ravi Shinde', email: 'ravi@example.in', mobile: '' }}
        signedIn={false}
        topic="Complaint (grievance)"
        topics={TOPICS}
        onTopicChange={onTopicChange}
      />,
    );
    expect(screen.getByLabelText('Full name')).toHaveValue('Ravi Shinde');
    expect(screen.getByLabelText('What is it about?')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(await screen.findByText('Choose what the complaint is about')).toBeInTheDocument();
    expect(screen.getByLabelText('Describe the problem')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Product advice');
    expect(onTopicChange).toHaveBeenCalledWith('Product advice', { name: 'Ravi Shinde', email: 'ravi@example.in', mobile: '' });
  });
});
