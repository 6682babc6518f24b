import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { stubDeclaredCalls } from '../../../test/declared-calls';
import { queryWrapper } from '../../../test/render';
import { ConversationView } from './ConversationView';
import { TicketFormModal } from './TicketFormModal';
import { readTicketStream, supportApi } from './support.api';
import { filterTickets, NO_TICKET_FILTERS, senderLabel } from './support.logic';

// The stream is refused (as for a deleted ticket): the conversation falls back to polling; no retry timers.
jest.mock('shell/api-client', () => {
  const actual = jest.requireActual('shell/api-client');
  return { ...actual, getHttp: () => ({ get: () => Promise.reject(Object.assign(new Error('gone'), { response: { status: 404 } })) }) };
});

// The related-appointment choices and a conversation are declared lists (calls.appointments.listOwn,
// calls.support.messages), stubbed by name: one page each.
const declared = stubDeclaredCalls();
const { listOwn } = declared.appointments;
const { messages } = declared.support;
const page = <T,>(rows: T[]) => ({ headers: { 'x-total-count': String(rows.length) }, body: rows });
const post = jest.spyOn(supportApi, 'post');
beforeEach(() => jest.clearAllMocks());

const ticket = (subject: string, description: string, status: string, priority: string) => ({ subject, description, status, priority }) as never;

describe('ticket list filters', () => {
  const tickets = [ticket('Refund', 'Charged twice', 'open', 'high'), ticket('Login', 'Cannot sign in', 'closed', 'low'), ticket('Receipt', 'Need a REFUND receipt', 'in-progress', 'high')];

  it('searches title and description, and filters by status and priority', () => {
    expect(filterTickets(tickets, { ...NO_TICKET_FILTERS, search: 'refund' })).toHaveLength(2);
    expect(filterTickets(tickets, { ...NO_TICKET_FILTERS, status: 'closed' })).toEqual([tickets[1]]);
    expect(filterTickets(tickets, { search: 'refund', status: 'all', priority: 'high' })).toHaveLength(2);
    expect(filterTickets(tickets, { search: '', status: 'open', priority: 'low' })).toEqual([]);
    expect(senderLabel(undefined)).toBe('User');
  });
});

describe('the conversation stream reader', () => {
  it('reports each ticket event, across chunk boundaries, and ignores comments and the ready event', async () => {
    const chunks = ['retry: 3000\nevent: ready\ndata: {"ticket_id":4}\n\n: keep-alive\n\nevent: tic', 'ket\ndata: {"type":"support.ticket.message.created.v1","ticket_id":4}\n\n'];
    const encoder = new TextEncoder();
    let i = 0;
    const body = { getReader: () => ({ read: async () => (i < chunks.length ? { done: false, value: encoder.encode(chunks[i++]) } : { done: true, value: undefined }) }) };
    const opened = jest.fn();
    const events: unknown[] = [];
    await readTicketStream(body as unknown as ReadableStream<Uint8Array>, opened, (e) => events.push(e));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'support.ticket.message.created.v1', ticket_id: 4 }]);
  });
});

describe('ConversationView', () => {
  it("shows 'No messages yet.', then sends a trimmed reply and reloads", async () => {
    messages.mockResolvedValueOnce(page([]));
    post.mockResolvedValueOnce({} as Awaited<ReturnType<typeof supportApi.post>>);
    messages.mockResolvedValueOnce(page([{ message_id: 1, ticket_id: 4, sender_role: 'admin', sender_id: 1, sender_name: 'Wairimu Kamau', message: 'We are on it.', created_at: '2026-11-23T08:00:00Z' }]));
    render(<ConversationView ticketId={4} canReply />, { wrapper: queryWrapper().wrapper });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: /Send Reply/ });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('Type your reply...'), { target: { value: '  Thanks!  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(post).toHaveBeenCalledWith(4, 'Thanks!'));
    expect(await screen.findByText('We are on it.')).toBeInTheDocument();
    expect(screen.getByText('Support (Admin)')).toBeInTheDocument();
    expect(screen.getByText('Refreshing every 10 s')).toBeInTheDocument();
  });

  it('has no reply box in a read-only view', async () => {
    messages.mockResolvedValueOnce(page([]));
    render(<ConversationView ticketId={5} canReply={false} />, { wrapper: queryWrapper().wrapper });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type your reply...')).not.toBeInTheDocument();
  });
});

describe('TicketFormModal', () => {
  it('requires a title and a description, and sends the defaults (general, medium, no appointment)', async () => {
    listOwn.mockResolvedValue({ headers: { 'x-total-count': '0' }, body: [] });
    const onSubmit = jest.fn();
    render(<TicketFormModal open submitting={false} onCancel={jest.fn()} onSubmit={onSubmit} />, { wrapper: queryWrapper().wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Refund ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Charged twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ subject: 'Refund', description: 'Charged twice.', category: 'general', priority: 'medium', related_appointment_id: null }),
    );
    expect(listOwn).toHaveBeenCalledWith({ query: {} }, expect.anything());
  });
});

describe('TicketFormModal: who will read the ticket (issue 22 item 4)', () => {
  it('says only the support team without an appointment, and names the appointment’s doctor once one is linked', async () => {
    listOwn.mockResolvedValue({
      headers: { 'x-total-count': '1' },
      body: [{ appointment_id: 7, appointment_date: '2026-12-01', time_slot: '09:00 AM', appointment_type: 'Consultation', doctor: { first_name: 'Grace', last_name: 'Wanjiku' } }],
    });
    render(<TicketFormModal open submitting={false} onCancel={jest.fn()} onSubmit={jest.fn()} />, { wrapper: queryWrapper().wrapper });
    expect(screen.getByTestId('ticket-readers')).toHaveTextContent('Only the Afya support team will read this ticket.');
    fireEvent.mouseDown(screen.getByLabelText('Related appointment'));
    fireEvent.click(await screen.findByText('1 Dec 2026 09:00 AM · Dr. Grace Wanjiku · Consultation'));
    await waitFor(() => expect(screen.getByTestId('ticket-readers')).toHaveTextContent('Dr. Grace Wanjiku, the doctor of this appointment, will read this ticket'));
  });
});

describe('the ticket form and the conversation in Kiswahili', () => {
  beforeEach(async () => {
    await act(() => setLanguage('sw', { chosen: false }));
  });
  afterEach(async () => {
    await act(() => setLanguage('en', { chosen: false }));
  });

  it('asks for the ticket in Kiswahili, the related appointment named in Kiswahili too', async () => {
    listOwn.mockResolvedValue({
      headers: { 'x-total-count': '1' },
      body: [{ appointment_id: 7, appointment_date: '2026-12-01', time_slot: '09:00 AM', appointment_type: 'Consultation', doctor: { first_name: 'Grace', last_name: 'Wanjiku' } }],
    });
    render(<TicketFormModal open submitting={false} onCancel={jest.fn()} onSubmit={jest.fn()} />, { wrapper: queryWrapper().wrapper });
    expect(await screen.findByText('Tiketi Mpya ya Msaada')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-readers')).toHaveTextContent('Timu ya msaada ya Afya pekee ndiyo itakayosoma tiketi hii.');
    fireEvent.click(screen.getByRole('button', { name: 'Unda Tiketi' }));
    expect(await screen.findByText('Kichwa kinahitajika')).toBeInTheDocument();
    expect(screen.getByText('Maelezo yanahitajika')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Miadi inayohusika'));
    const choice = await screen.findByText(/^1 Des 2026 09:00 · Dkt\. Grace Wanjiku · /);
    expect(choice.textContent).not.toMatch(/Consultation$/);
  });

  it('labels the conversation in Kiswahili', async () => {
    messages.mockResolvedValueOnce(page([{ message_id: 1, ticket_id: 4, sender_role: 'admin', sender_id: 1, sender_name: 'Wairimu Kamau', message: 'We are on it.', created_at: '2026-11-23T08:00:00Z' }]));
    render(<ConversationView ticketId={4} canReply />, { wrapper: queryWrapper().wrapper });
    expect(await screen.findByText('We are on it.')).toBeInTheDocument();
    expect(screen.getByText('Msaada (Msimamizi)')).toBeInTheDocument();
    expect(screen.getByText('23 Nov 2026, 11:00')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Andika jibu lako...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tuma Jibu/ })).toBeDisabled();
  });
});
