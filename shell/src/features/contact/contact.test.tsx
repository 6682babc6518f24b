import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import * as contactApi from './contact.api';
import { ContactPage } from './ContactPage';

jest.mock('./contact.api', () => ({ submitContactMessage: jest.fn() }));
const submitMock = contactApi.submitContactMessage as jest.Mock;

/**
 * One change and a blur per field (leaving a field validates it, as for a person): typing key by key
 * re-rendered the antd form per character and took 15-25 s per test under load (issue 8 §0).
 */
function type(label: string, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

describe('ContactPage', () => {
  beforeEach(() => {
    submitMock.mockReset();
    submitMock.mockResolvedValue({ message: 'Thank you for your message! We will get back to you soon.', complaint_id: 1 });
  });

  it('shows every validation message and does not submit', async () => {
    const submit = submitMock;
    renderAt(<ContactPage />, { route: '/contact', path: '/contact' });
    type('Name', 'A');
    type('Email', 'amina@');
    type('Message', 'Too short');
    fireEvent.submit(screen.getByRole('button', { name: /send message/i }).closest('form')!);
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(await screen.findByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(await screen.findByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends to the server at once (no simulated delay) and shows the success toast', async () => {
    const submit = submitMock;
    renderAt(<ContactPage />, { route: '/contact', path: '/contact' });
    type('Name', 'Amina Wanjiru');
    type('Email', 'amina@example.co.ke');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Billing & Payments'));
    type('Message', 'I was charged twice for my appointment.');
    fireEvent.submit(screen.getByRole('button', { name: /send message/i }).closest('form')!);
    await waitFor(() => expect(submit).toHaveBeenCalledWith({
      name: 'Amina Wanjiru',
      email: 'amina@example.co.ke',
      subject: 'billing',
      message: 'I was charged twice for my appointment.',
    }));
    expect(await screen.findByText('Thank you for your message! We will get back to you soon.')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses (rate limit)", async () => {
    submitMock.mockRejectedValue(new Error('Too many messages from your network. Please wait a few minutes and try again.'));
    renderAt(<ContactPage />, { route: '/contact', path: '/contact' });
    type('Name', 'Amina Wanjiru');
    type('Email', 'amina@example.co.ke');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('Other'));
    type('Message', 'Is the Upper Hill clinic open on Sundays?');
    fireEvent.submit(screen.getByRole('button', { name: /send message/i }).closest('form')!);
    expect(await screen.findByText('Too many messages from your network. Please wait a few minutes and try again.')).toBeInTheDocument();
  });

  it('shows the failure toast when sending fails', async () => {
    submitMock.mockRejectedValue(new Error(''));
    renderAt(<ContactPage />, { route: '/contact', path: '/contact' });
    type('Name', 'Amina Wanjiru');
    type('Email', 'amina@example.co.ke');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('General Inquiry'));
    type('Message', 'Do you have paediatricians in Kisumu?');
    fireEvent.submit(screen.getByRole('button', { name: /send message/i }).closest('form')!);
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
  });
});
