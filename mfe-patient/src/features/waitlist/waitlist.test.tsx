import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { addDays, clinicToday } from '@afya/appointment-service/contracts/booking-rules';
import { Form } from 'antd';
import { formatDate, setLanguage } from 'shell/i18n';
import { JoinWaitlistPanel } from '../../shared/waitlist/JoinWaitlistPanel';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import { OfferPage } from './OfferPage';
import { WaitlistPage } from './WaitlistPage';

/** Interactive content inside interactive content (a button in a link): invalid HTML, two Tab stops for one action. */
const nestedControls = () => document.querySelectorAll('a button, a a, button a, button button').length;
import { defaultRange } from '../../shared/waitlist/waitlist-range';
import { dayLabel, entryStatusText, timeLeft } from './waitlist.logic';

const calls = stubDeclaredCalls();
const { waitlistOffer: get, waitlistClaim: post, waitlistList: list } = calls.appointments;

const offer = (over: Record<string, unknown> = {}) => ({
  offer_id: 7,
  entry_id: 3,
  doctor: { doctor_id: 1, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology' },
  appointment_date: '2026-12-01',
  time_slot: '09:00 AM',
  appointment_type: 'Consultation',
  status: 'held',
  offered_at: new Date(Date.now() - 60_000).toISOString(),
  expires_at: new Date(Date.now() + 14 * 60_000).toISOString(),
  appointment_id: null,
  ...over,
});

beforeEach(() => jest.clearAllMocks());

describe('the waitlist rules on the page', () => {
  it('offers a week from the wanted day, within the booking window', () => {
    const now = new Date('2026-11-28T06:00:00Z');
    expect(defaultRange('2026-12-01', now)).toEqual({ date_from: '2026-12-01', date_to: '2026-12-07' });
    expect(defaultRange('2026-12-26', now)).toEqual({ date_from: '2026-12-26', date_to: '2026-12-28' });
  });

  it('says where an entry stands', () => {
    expect(entryStatusText({ status: 'waiting', ended: false, position: 1 })).toBe('Waiting: next in line');
    expect(entryStatusText({ status: 'waiting', ended: false, position: 4 })).toBe('Waiting: number 4 in line');
    expect(entryStatusText({ status: 'waiting', ended: true, position: 2 })).toBe('Dates passed');
    expect(entryStatusText({ status: 'offered', ended: false, position: null })).toBe('A slot is held for you');
  });

  it('counts the hold down in minutes and seconds', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(timeLeft('2026-11-28T10:14:05Z', now)).toBe('14:05');
    expect(timeLeft('2026-11-28T09:59:00Z', now)).toBe('0:00');
  });
});

describe('the offer’s confirmation page', () => {
  it('opening it only reads the offer; the slot is booked when the patient presses Book this slot', async () => {
    get.mockResolvedValue(offer() as never);
    const booked = { appointment_id: 99, appointment_date: '2026-12-01', time_slot: '09:00 AM', appointment_type: 'Consultation', visit_mode: 'in_person', total_amount: 3500, appointment_status: 'Pending', paid: false };
    post.mockResolvedValue({ message: 'Appointment booked! Please proceed with payment.', appointment_id: 99, appointment: booked } as never);
    renderAt(<OfferPage />, { route: '/dashboard/waitlist/offers/7', path: '/dashboard/waitlist/offers/:offerId' });
    expect(await screen.findByText('Dr Grace Wanjiku (Cardiology)')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^1[34]:\d\d left$/);
    expect(get).toHaveBeenCalledWith({ params: { id: 7 } }, expect.anything());
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Book this slot' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith({ params: { id: 7 } }, expect.anything()));
    // Issue 44: the claim is a booking to pay for: the same payment panel as after the booking form.
    const panel = await screen.findByTestId('payment-panel');
    expect(within(panel).getByText('Appointment booked! Please proceed with payment.')).toBeInTheDocument();
    expect(within(panel).getByText('#99')).toBeInTheDocument();
    expect(within(panel).getByText('Dr Grace Wanjiku')).toBeInTheDocument();
    expect(within(panel).getByText('Ksh 3,500')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Pay Ksh 3,500 with M-Pesa/ })).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay Later' }));
    expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/dashboard/appointments');
    expect(nestedControls()).toBe(0);
  });

  it('someone else’s offer (a 404, as any record not theirs) says it is not theirs, with no Retry', async () => {
    get.mockRejectedValue(new ApiError('Offer not found', 404, 'Offer not found'));
    renderAt(<OfferPage />, { route: '/dashboard/waitlist/offers/7', path: '/dashboard/waitlist/offers/:offerId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This offer is not for this account' })).toBeInTheDocument();
    expect(screen.getByText(/offered to another patient's account/)).toBeInTheDocument();
    expect(screen.queryByText('A slot for you')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my waitlist' })).toHaveAttribute('href', '/dashboard/waitlist');
  });

  it('another failure keeps the page and offers Retry', async () => {
    get.mockRejectedValue(new ApiError('The service is unavailable right now. Please try again shortly.', 503));
    renderAt(<OfferPage />, { route: '/dashboard/waitlist/offers/7', path: '/dashboard/waitlist/offers/:offerId' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'A slot for you' })).toBeInTheDocument();
  });

  it('an offer that has lapsed says so and offers nothing to press', async () => {
    get.mockResolvedValue(offer({ status: 'expired' }) as never);
    renderAt(<OfferPage />, { route: '/dashboard/waitlist/offers/7', path: '/dashboard/waitlist/offers/:offerId' });
    expect(await screen.findByText('This offer has expired: the slot has passed to the next patient on the waitlist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book this slot' })).not.toBeInTheDocument();
  });
});

describe('the waitlist page', () => {
  it('offers booking as one link (no button inside a link)', async () => {
    list.mockResolvedValue([] as never);
    renderAt(<WaitlistPage />, { route: '/dashboard/waitlist', path: '/dashboard/waitlist' });
    expect(await screen.findByText('You are on no waitlist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute('href', '/dashboard/appointments/book');
    expect(screen.queryByRole('button', { name: 'Book an appointment' })).not.toBeInTheDocument();
    expect(nestedControls()).toBe(0);
  });
});

describe('joining from the booking screen', () => {
  it('shows the range’s days as every other date reads (Tue, 8 Dec 2026), not 08/12/2026', () => {
    // A day inside the booking window whatever day the test runs; the range is that day to six days on.
    const from = addDays(clinicToday(new Date()), 3);
    const doctor = { doctor_id: 1, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', available_days: [] } as never;
    function Panel() {
      const [form] = Form.useForm();
      return <JoinWaitlistPanel form={form} doctor={doctor} date={from} />;
    }
    renderAt(<Panel />);
    const [start, end] = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')];
    expect(start!.value).toBe(formatDate(from, 'day'));
    expect(end!.value).toBe(formatDate(addDays(from, 6), 'day'));
    expect(start!.value).toMatch(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  });
});

describe('in Kiswahili', () => {
  beforeEach(async () => {
    await act(() => setLanguage('sw', { chosen: false }));
  });
  afterEach(async () => {
    await act(() => setLanguage('en', { chosen: false }));
  });

  it('says where an entry stands and names the day in Kiswahili', () => {
    expect(entryStatusText({ status: 'waiting', ended: false, position: 1 })).toBe('Unasubiri: wewe ndiye unayefuata');
    expect(entryStatusText({ status: 'waiting', ended: false, position: 3 })).toBe('Unasubiri: nambari 3 kwenye foleni');
    expect(dayLabel('2026-12-01')).toMatch(/^Jumanne/);
  });

  it('shows the offer’s confirmation page in Kiswahili, the doctor’s own words left as they are', async () => {
    get.mockResolvedValue(offer() as never);
    renderAt(<OfferPage />, { route: '/dashboard/waitlist/offers/7', path: '/dashboard/waitlist/offers/:offerId' });
    expect(await screen.findByText('Nafasi kwa ajili yako')).toBeInTheDocument();
    expect(await screen.findByText('Dkt. Grace Wanjiku (Magonjwa ya moyo)')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Zimebaki 1[34]:\d\d$/);
    expect(screen.getByRole('button', { name: 'Weka nafasi hii' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hainifai' })).toBeInTheDocument();
  });
});
