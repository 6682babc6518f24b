import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import * as contactApi from './contact.api';
import { ContactPage } from './ContactPage';

jest.mock('./contact.api', () => {
  const actual = jest.requireActual('./contact.api');
  return { ...actual, submitContactMessage: jest.fn(actual.submitContactMessage) };
});
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
    submitMock.mockClear();
    submitMock.mockImplementation(jest.requireActual('./contact.api').submitContactMessage);
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

  it('sends after 1 second and shows the success toast', async () => {
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
    expect(screen.queryByText('Thank you for your message! We will get back to you soon.')).not.toBeInTheDocument();
    expect(await screen.findByText('Thank you for your message! We will get back to you soon.', {}, { timeout: 2500 })).toBeInTheDocument();
  });

  it('shows the failure toast when sending fails', async () => {
    submitMock.mockRejectedValue(new Error('down'));
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
