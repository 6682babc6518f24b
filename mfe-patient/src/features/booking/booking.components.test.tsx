import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { useSession } from 'shell/session';
import { setLanguage } from 'shell/i18n';
import { TIME_SLOTS } from 'shell/ui-kit';
import { queryWrapper } from '../../../../shell/test/render';
import type { Slot } from '../../api/availability';
import { BookingForm } from './BookingForm';
import { BookingConfirmation } from '../../shared/booking/BookingConfirmation';
import { DateSlotFields } from '../../shared/booking/DateSlotFields';
import { BookingGuidelines } from './components/BookingGuidelines';
import { SlotPicker } from '../../shared/booking/SlotPicker';
import { DoctorTypeFields } from './components/DoctorTypeFields';
import { Form } from 'antd';

jest.mock('../../api/doctors', () => ({ ...jest.requireActual('../../api/doctors'), useDoctors: () => ({ data: [], isPending: false, isFetching: false, isError: false, error: null, refetch: jest.fn() }) }));

const slots = (taken: string[] = []): Slot[] => ['09:00 AM', '09:30 AM', '10:00 AM', '02:00 PM'].map((t) => ({ time_slot: t, available: !taken.includes(t) }));
const slot = (time: string) => screen.getByRole('radio', { name: new RegExp(`^${time},`) });

describe('SlotPicker', () => {
  it('is one radio group, all disabled until a date is chosen', () => {
    render(<SlotPicker slots={TIME_SLOTS.map((t) => ({ time_slot: t, available: true }))} disabled />);
    const group = screen.getByRole('radiogroup', { name: 'Time slots' });
    expect(within(group).getAllByRole('radio')).toHaveLength(14);
    for (const r of within(group).getAllByRole('radio')) expect(r).toBeDisabled();
  });

  it('disables taken slots and says so in their names', () => {
    render(<SlotPicker slots={slots(['09:00 AM'])} />);
    expect(slot('09:00 AM')).toBeDisabled();
    expect(slot('09:00 AM')).toHaveAccessibleName('09:00 AM, taken');
    expect(slot('09:30 AM')).toBeEnabled();
    expect(slot('10:00 AM')).toHaveAccessibleName('10:00 AM, available');
  });

  it('moves between free slots with the arrow keys, skipping taken ones, with one tab stop', () => {
    const onChange = jest.fn();
    const { rerender } = render(<SlotPicker slots={slots(['09:30 AM'])} onChange={onChange} />);
    expect(slot('09:00 AM')).toHaveAttribute('tabindex', '0');
    expect(slot('10:00 AM')).toHaveAttribute('tabindex', '-1');
    slot('09:00 AM').focus();
    fireEvent.keyDown(slot('09:00 AM'), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('10:00 AM');
    expect(slot('10:00 AM')).toHaveFocus();
    rerender(<SlotPicker slots={slots(['09:30 AM'])} value="10:00 AM" onChange={onChange} />);
    expect(slot('10:00 AM')).toHaveAttribute('aria-checked', 'true');
    expect(slot('10:00 AM')).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(slot('10:00 AM'), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('09:00 AM');
    fireEvent.keyDown(slot('10:00 AM'), { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith('02:00 PM');
    fireEvent.click(slot('09:00 AM'));
    expect(onChange).toHaveBeenLastCalledWith('09:00 AM');
  });
});

describe('SlotPicker in Kiswahili', () => {
  beforeEach(async () => {
    await act(() => setLanguage('sw', { chosen: false }));
  });
  afterEach(async () => {
    await act(() => setLanguage('en', { chosen: false }));
  });

  it('shows the slots on the 24-hour clock, their value still the API’s', async () => {
    const onChange = jest.fn();
    render(<SlotPicker slots={slots(['09:00 AM'])} onChange={onChange} />);
    const afternoon = await screen.findByRole('radio', { name: '14:00, iko wazi' });
    expect(afternoon).toHaveTextContent(/^14:00$/);
    expect(afternoon).toHaveAttribute('data-slot', '02:00 PM');
    expect(screen.getByRole('radio', { name: '09:00, imechukuliwa' })).toBeDisabled();
    expect(screen.getByRole('radiogroup').textContent).not.toMatch(/AM|PM/);
    fireEvent.click(afternoon);
    expect(onChange).toHaveBeenLastCalledWith('02:00 PM');
  });

  it('confirms a booking with its time on the 24-hour clock', async () => {
    const appointment = { appointment_id: 42, appointment_date: '2026-11-23', time_slot: '02:00 PM', appointment_type: 'Regular Checkup', total_amount: 3500 };
    render(<BookingConfirmation appointment={appointment as never} doctorName="Dkt. Grace Wanjiku" onPayLater={jest.fn()} />, { wrapper: queryWrapper().wrapper });
    const panel = await screen.findByTestId('payment-panel');
    expect(within(panel).getByText('14:00')).toBeInTheDocument();
    expect(panel.textContent).not.toContain('02:00 PM');
  });
});

describe('BookingConfirmation', () => {
  it('shows what was booked with the amount due, the payment options (M-Pesa first) and Pay Later', () => {
    const onPayLater = jest.fn();
    const appointment = { appointment_id: 42, appointment_date: '2026-11-23', time_slot: '02:00 PM', appointment_type: 'Regular Checkup', total_amount: 3500 };
    render(<BookingConfirmation appointment={appointment as never} doctorName="Dr. Grace Wanjiku" onPayLater={onPayLater} />, { wrapper: queryWrapper().wrapper });
    const panel = screen.getByTestId('payment-panel');
    expect(within(panel).getByText('Complete Payment')).toBeInTheDocument();
    expect(within(panel).getByText('Appointment booked successfully! Please proceed with payment.')).toBeInTheDocument();
    expect(within(panel).getByText('#42')).toBeInTheDocument();
    expect(within(panel).getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(within(panel).getByText('Monday, 23 November 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Ksh 3,500')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Pay Ksh 3,500 with M-Pesa/ })).toBeDisabled();
    fireEvent.click(within(panel).getByRole('button', { name: 'Pay Later' }));
    expect(onPayLater).toHaveBeenCalled();
  });
});

describe('BookingGuidelines', () => {
  it('shows the guidelines with the catalog notice period, emergency advice and office hours', () => {
    render(<BookingGuidelines />);
    expect(screen.getByText(/arrive 15 minutes early/i)).toBeInTheDocument();
    expect(screen.getByText('Cancel at least 24 hours in advance if you cannot make it.')).toBeInTheDocument();
    expect(screen.getByText('Emergency?')).toBeInTheDocument();
    expect(screen.getByText('Monday - Friday')).toBeInTheDocument();
    expect(screen.getByText('8:00 AM - 6:00 PM')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM - 2:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    // What paying does: it confirms the booking at once (no wait for the clinic).
    expect(screen.getByText('Your booking is Pending until you pay; paying confirms it at once.')).toBeInTheDocument();
    expect(screen.queryByText(/until the clinic confirms/)).not.toBeInTheDocument();
  });
});

describe('DoctorTypeFields: the visit mode', () => {
  const doctor = (offers_video: boolean) =>
    ({ doctor_id: 7, user_id: 70, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, contact_phone: null, available_days: [], offers_video, approval_status: 'approved', approved: true, created_at: '', updated_at: '' }) as const;
  const renderFields = (offers: boolean) =>
    render(
      <Form>
        <DoctorTypeFields doctors={[{ ...doctor(offers), available_days: [] }]} loading={false} doctor={{ ...doctor(offers), available_days: [] }} />
      </Form>,
    );

  it('asks In person or Video only for a doctor who offers video, In person first', () => {
    const { unmount } = renderFields(true);
    const group = screen.getByRole('radiogroup', { name: 'Visit mode' });
    expect(within(group).getByRole('radio', { name: 'In person' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Video/ })).not.toBeChecked();
    unmount();
    renderFields(false);
    expect(screen.queryByRole('radiogroup', { name: 'Visit mode' })).not.toBeInTheDocument();
  });
});

describe('the time as a form field', () => {
  const availability = { doctor_id: 7, date: '2026-12-08', bookable_date: true, slots: slots(['09:00 AM']) };
  const renderFields = () =>
    render(
      <Form initialValues={{ appointment_date: dayjs('2026-12-08') }} scrollToFirstError={{ focus: true }}>
        <DateSlotFields date="2026-12-08" availability={availability} loading={false} error={null} onRetry={jest.fn()} />
        <button type="submit">Book</button>
      </Form>,
      { wrapper: queryWrapper().wrapper },
    );

  it('ties "Please select a time" to the slot group (aria-invalid, aria-describedby), as the other fields are', async () => {
    renderFields();
    const group = screen.getByRole('radiogroup', { name: 'Time slots' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(group).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const message = await screen.findByText('Please select a time');
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    const described = (group.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(described.some((element) => element?.contains(message))).toBe(true);
    expect(group).toHaveAccessibleDescription(/Please select a time/);
  });

  it('takes focus when the time is the first thing missing: the slot a Tab would reach', async () => {
    renderFields();
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(slot('09:30 AM')).toHaveFocus());
  });
});

describe('BookingForm', () => {
  beforeEach(() => useSession.getState().clearSession(undefined, false));

  it('moves focus to the first field that says what is missing when Book is pressed', async () => {
    render(<BookingForm preselect={null} onBooked={jest.fn()} />, { wrapper: queryWrapper().wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Please select a doctor')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Doctor' })).toHaveFocus());
  });
});
