import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api as http } from 'shell/api-client';
import { supportApi } from 'shell/support-kit';
import { renderAt } from '../../../../shell/test/render';
import type { TicketView } from '@afya/support-service/contracts';
import { AdminSupportPage } from './AdminSupportPage';

jest.mock('shell/api-client', () => {
  const actual = jest.requireActual('shell/api-client');
  return { ...actual, getHttp: () => ({ get: () => Promise.reject(Object.assign(new Error('gone'), { response: { status: 404 } })) }) };
});

const list = jest.spyOn(http, 'list');
const patch = jest.spyOn(supportApi, 'setStatus');
beforeEach(() => jest.clearAllMocks());

const ticket: TicketView = {
  complaint_id: 9,
  id: 9,
  user_id: null,
  subject: 'Contact form: Billing & Payments',
  description: 'I was charged twice for my visit.',
  status: 'open',
  priority: 'medium',
  category: 'billing',
  source: 'contact',
  related_appointment_id: null,
  user_name: 'Amina Wanjiru',
  user_email: 'amina@example.co.ke',
  user: 'Amina Wanjiru',
  email: 'amina@example.co.ke',
  messages_count: 0,
  last_message_at: null,
  unread: true,
  created_at: '2026-11-23T08:00:00Z',
  updated_at: '2026-11-23T08:00:00Z',
};

describe('the admin support desk', () => {
  it('lists tickets, shows the selected conversation, and changes a status', async () => {
    list.mockImplementation(async (path: string) => {
      if (path === 'support/all') return { items: [ticket], total: 1 };
      if (path === 'support/9/messages') return { items: [], total: 0 };
      throw new Error(`unexpected ${path}`);
    });
    patch.mockResolvedValue({ complaint: { ...ticket, status: 'pending' }, message: 'Status updated!' });
    renderAt(<AdminSupportPage />);
    expect(screen.getByPlaceholderText('Search by subject, user, or email...')).toBeInTheDocument();
    expect(screen.getByText('Select a ticket to view and reply.')).toBeInTheDocument();
    expect(await screen.findByText('Amina Wanjiru')).toBeInTheDocument();
    expect(screen.getByText('amina@example.co.ke')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Contact form: Billing & Payments' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByText('I was charged twice for my visit.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type your reply...')).toBeInTheDocument();

    const header = () => screen.getByTestId('conversation-header');
    expect(within(header()).getAllByText('Open').length).toBeGreaterThan(0);
    let current = ticket;
    list.mockImplementation(async (path: string) => {
      if (path === 'support/all') return { items: [current], total: 1 };
      if (path === 'support/9/messages') return { items: [], total: 0 };
      throw new Error(`unexpected ${path}`);
    });
    patch.mockImplementation(async () => {
      current = { ...ticket, status: 'resolved' };
      return { complaint: current, message: 'Status updated!' };
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status of ticket 9' }));
    fireEvent.click(await screen.findByTitle('Resolved'));
    await waitFor(() => expect(patch).toHaveBeenCalledWith(9, 'resolved'));
    // The Conversation header follows the change (it kept 'Open' before).
    await waitFor(() => expect(within(header()).queryAllByText('Open')).toHaveLength(0));
    expect(within(header()).getAllByText('Resolved').length).toBeGreaterThan(0);
  });

  it('shows an empty list when the list fails (CONTRACT.md §8)', async () => {
    list.mockRejectedValue(new Error('down'));
    renderAt(<AdminSupportPage />);
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
  });
});
