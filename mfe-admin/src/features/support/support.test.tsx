import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { supportApi } from 'shell/support-kit';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import type { TicketView } from '@afya/support-service/contracts';
import { AdminSupportPage } from './AdminSupportPage';

jest.mock('shell/api-client', () => {
  const actual = jest.requireActual('shell/api-client');
  return { ...actual, getHttp: () => ({ get: () => Promise.reject(Object.assign(new Error('gone'), { response: { status: 404 } })) }) };
});

// The desk's list and a conversation are declared calls (calls.support.listAll, .messages): one page each.
const { listAll, messages } = stubDeclaredCalls().support;
const page = <T,>(rows: T[]) => ({ headers: { 'x-total-count': String(rows.length) }, body: rows });
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
    listAll.mockImplementation(async () => page([ticket]));
    messages.mockImplementation(async ({ params }: { params: { id: string } }) => {
      if (params.id !== '9') throw new Error(`unexpected ticket ${params.id}`);
      return page([]);
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
    listAll.mockImplementation(async () => page([current]));
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
    listAll.mockRejectedValue(new Error('down'));
    renderAt(<AdminSupportPage />);
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
  });
});
