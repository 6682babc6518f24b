import { render, screen } from '@testing-library/react';
import { AppointmentCard, paymentTag } from './AppointmentCard';

const base = { appointment_id: 7, appointment_date: '2026-11-25', time_slot: '09:00 AM', total_amount: 200, created_at: '2026-11-20T08:15:00Z' };

describe('appointment card payment tag', () => {
  it('says Paid, Payment pending, or nothing for a cancelled visit that was never paid', () => {
    expect(paymentTag({ paid: true, appointment_status: 'Confirmed' })).toBe('Paid');
    expect(paymentTag({ paid: false, appointment_status: 'Pending' })).toBe('Payment pending');
    expect(paymentTag({ paid: false, appointment_status: 'Completed' })).toBe('Payment pending');
    expect(paymentTag({ paid: false, appointment_status: 'Cancelled' })).toBeNull();
    expect(paymentTag({ appointment_status: 'Cancelled' })).toBeNull();
    expect(paymentTag({ paid: true, appointment_status: 'Cancelled' })).toBe('Paid');
  });

  it('shows no "Payment pending" on a cancelled card', () => {
    render(<AppointmentCard appointment={{ ...base, paid: false, appointment_status: 'Cancelled' }} title="Dr. Grace Wanjiku" />);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Payment pending')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment')).not.toBeInTheDocument();
  });

  it('shows the facts of an open card with its payment state', () => {
    render(<AppointmentCard appointment={{ ...base, paid: false, appointment_status: 'Pending', type: 'Consultation', doctor: { specialization: 'Cardiology' } }} title="Dr. Grace Wanjiku" />);
    expect(screen.getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText('#7')).toBeInTheDocument();
    expect(screen.getByText('Ksh 200')).toBeInTheDocument();
    expect(screen.getByText('Wed, 25 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('09:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Cardiology')).toBeInTheDocument();
    expect(screen.getByText('Consultation')).toBeInTheDocument();
    expect(screen.getByText('Payment pending')).toBeInTheDocument();
    expect(screen.getByText('20 Nov 2026')).toBeInTheDocument();
  });

  it('shows how the visit happens: a Video tag, or In person', () => {
    const { unmount } = render(<AppointmentCard appointment={{ ...base, appointment_status: 'Confirmed', visit_mode: 'video' }} title="Dr. Grace Wanjiku" />);
    expect(screen.getByText('Visit')).toBeInTheDocument();
    expect(screen.getByText('Video')).toBeInTheDocument();
    unmount();
    render(<AppointmentCard appointment={{ ...base, appointment_status: 'Confirmed', visit_mode: 'in_person' }} title="Dr. Grace Wanjiku" />);
    expect(screen.getByText('In person')).toBeInTheDocument();
  });

  it('says who booked a visit for a family member, and as whom (issue 36); a visit the patient booked says nothing', () => {
    const { unmount } = render(
      <AppointmentCard appointment={{ ...base, appointment_status: 'Pending', booked_by: { user_id: 3, name: 'Wanjiru Kamau', relationship: 'mother' } }} title="Baraka Kamau" />,
    );
    expect(screen.getByText('Booked by')).toBeInTheDocument();
    expect(screen.getByText('Wanjiru Kamau (mother)')).toBeInTheDocument();
    unmount();
    render(<AppointmentCard appointment={{ ...base, appointment_status: 'Pending', booked_by: null }} title="Baraka Kamau" />);
    expect(screen.queryByText('Booked by')).not.toBeInTheDocument();
  });
});
