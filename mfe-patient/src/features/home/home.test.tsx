import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useSession } from 'shell/session';
import * as api from './api';
import { pickAppointments, todaysCount } from './home.logic';
import { PatientHomePage } from './PatientHomePage';

jest.mock('./api', () => ({ fetchMyAppointments: jest.fn(), fetchMyPrescriptions: jest.fn() }));

describe('patient home', () => {
  it("greets by first name and shows the empty states", async () => {
    (api.fetchMyAppointments as jest.Mock).mockResolvedValue([]);
    (api.fetchMyPrescriptions as jest.Mock).mockResolvedValue([]);
    useSession.setState({ user: { user_id: 1, firstname: 'Amina', lastname: 'Wanjiru', email: 'a@b.co', role: 'user' } });
    render(<MemoryRouter><PatientHomePage /></MemoryRouter>);
    expect(screen.getByText('Welcome, Amina!')).toBeInTheDocument();
    expect(await screen.findByText('No upcoming appointments.')).toBeInTheDocument();
    expect(await screen.findByText('No recent prescriptions.')).toBeInTheDocument();
  });

  it('picks the next two future appointments, else the two most recent', () => {
    const now = new Date('2026-11-21T09:00:00+03:00').getTime();
    const a = (id: number, d: string, t = '09:00 AM') => ({ appointment_id: id, appointment_date: d, time_slot: t, appointment_status: 'Confirmed' });
    const list = [a(1, '2026-11-25'), a(2, '2026-11-22'), a(3, '2026-12-01'), a(4, '2026-11-01')];
    expect(pickAppointments(list, now)).toEqual({ title: 'Upcoming Appointments', items: [list[1], list[0]] });
    const past = [a(5, '2026-10-01'), a(6, '2026-11-10'), a(7, '2026-09-01')];
    expect(pickAppointments(past, now)).toEqual({ title: 'Recent Appointments', items: [past[1], past[0]] });
    expect(todaysCount([a(8, '2026-11-21', '02:00 PM'), a(9, '2026-11-22')], now)).toBe(1);
  });
});
