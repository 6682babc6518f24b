import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { DELIVERIES_FAILED, type DeliveryFilters, fetchDeliveries } from './api';
import { DeliveryLogPage } from './DeliveryLogPage';

// The query hook is stubbed: the page, its filters and its server-side paging run as they are. The fetch under it is
// the declared call (calls.support.deliveries), stubbed by name.
const { deliveries } = stubDeclaredCalls().support;
const useDeliveries = jest.fn();
jest.mock('./api', () => ({ ...jest.requireActual('./api'), useDeliveries: (filters: DeliveryFilters) => useDeliveries(filters) }));

const delivery = (id: number, extra: Record<string, unknown> = {}) => ({
  delivery_id: id,
  user_id: 7,
  user_name: 'Wanjiru Kamau',
  appointment_id: 40 + id,
  kind: 'reminder-24h',
  channel: 'sms',
  recipient: '+254712***78',
  status: 'delivered',
  reason: null,
  provider_status: 'Success',
  attempts: 1,
  due_at: '2026-11-27T06:00:00Z',
  sent_at: '2026-11-27T06:00:02Z',
  updated_at: '2026-11-27T06:00:05Z',
  ...extra,
});

beforeEach(() => {
  useDeliveries.mockReset();
  useDeliveries.mockReturnValue({
    data: { rows: [delivery(1), delivery(2, { channel: 'email', recipient: 'wa***@example.com', status: 'skipped', reason: 'email turned off by the user', provider_status: null })], total: 45 },
    isError: false,
    isFetching: false,
    refetch: jest.fn(),
  });
});

describe('DeliveryLogPage', () => {
  it('lists what was sent, to whom (masked) and how it went, with the total from the server', async () => {
    renderAt(<DeliveryLogPage />);
    expect(await screen.findByText('45 messages')).toBeInTheDocument();
    expect(screen.getAllByText('Reminder (24 h)')).toHaveLength(2);
    expect(screen.getByText('+254712***78')).toBeInTheDocument();
    expect(screen.getByText('email turned off by the user')).toBeInTheDocument();
    expect(screen.getByText('delivered')).toBeInTheDocument();
  });

  it('searches, filters and pages on the server', async () => {
    renderAt(<DeliveryLogPage />);
    expect(useDeliveries).toHaveBeenLastCalledWith({ search: '', status: 'all', channel: 'all', page: 1, limit: 20 });
    fireEvent.click(await screen.findByTitle('2'));
    await waitFor(() => expect(useDeliveries).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 })));
    const search = screen.getByLabelText('Search messages');
    fireEvent.change(search, { target: { value: 'Wanjiru' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(useDeliveries).toHaveBeenLastCalledWith({ search: 'Wanjiru', status: 'all', channel: 'all', page: 1, limit: 20 }));
  });

  it('sits in a named region the keyboard can reach when it scrolls sideways (ScrollRegion), not in antd’s own scroll box', async () => {
    renderAt(<DeliveryLogPage />);
    const region = await screen.findByRole('region', { name: 'Messages sent and not sent' });
    expect(within(region).getByRole('table')).toBeInTheDocument();
    // antd's `scroll.x` draws its own scrolling box, which can be given neither a name nor a Tab stop.
    expect(document.querySelector('.ant-table-content[style*="overflow"], .ant-table-body[style*="overflow"]')).toBeNull();
  });

  it('shows why a message was not sent in full (no cut text behind a hover)', async () => {
    const reason = 'the phone number on the account is not a Kenyan mobile number, so no SMS was sent';
    useDeliveries.mockReturnValue({ data: { rows: [delivery(3, { status: 'failed', reason, provider_status: null })], total: 1 }, isError: false, isFetching: false, refetch: jest.fn() });
    renderAt(<DeliveryLogPage />);
    const text = await screen.findByText(reason);
    expect(text.closest('.ant-typography-ellipsis')).toBeNull();
  });

  it('reads a page of the declared delivery log with the filters set, and says its own words when it fails', async () => {
    deliveries.mockResolvedValueOnce({ headers: { 'x-total-count': '45' }, body: [delivery(1)] });
    const filters: DeliveryFilters = { search: ' Wanjiru ', status: 'all', channel: 'sms', page: 2, limit: 20 };
    await expect(fetchDeliveries(filters)).resolves.toEqual({ rows: [delivery(1)], total: 45 });
    expect(deliveries.mock.calls[0][0]).toEqual({ query: { page: 2, limit: 20, search: 'Wanjiru', channel: 'sms' } });
    deliveries.mockRejectedValueOnce(new ApiError('You do not have permission to do that', 403, 'You do not have permission to do that'));
    await expect(fetchDeliveries(filters)).rejects.toMatchObject({ message: DELIVERIES_FAILED, status: 403 });
  });
});
