import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { renderAt } from '../../../../shell/test/render';
import * as api from '../../api/doctors';
import { DoctorCard } from './DoctorCard';
import { FindDoctorsPage, filterDoctors, payersOf, specializationsOf } from './FindDoctorsPage';

// The HTTP layer is stubbed: the page, its hook and the api module run as they are.
const get = stubDeclaredCalls().appointments.doctors;

const doctor = (over: Partial<api.Doctor>): api.Doctor => ({
  doctor_id: 1,
  user_id: 10,
  first_name: 'Grace',
  last_name: 'Wanjiku',
  specialization: 'Cardiology',
  fee: 3500,
  contact_phone: '+254722100001',
  available_days: ['Monday', 'Wednesday', 'Friday'],
  offers_video: false,
  approval_status: 'approved',
  approved: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});
const DOCTORS: api.Doctor[] = [
  doctor({}),
  doctor({ doctor_id: 2, first_name: 'Ibrahim', last_name: 'Abdi', fee: 4000, contact_phone: '+254722100002', available_days: ['Tuesday'] }),
  doctor({ doctor_id: 3, first_name: 'Brian', last_name: 'Otieno', specialization: 'Dermatology', fee: null, contact_phone: null, available_days: [] }),
];

const cards = () => screen.queryAllByTestId('doctor-card');
const renderPage = () => renderAt(<FindDoctorsPage />, { route: '/dashboard/find-doctors', path: '/dashboard/find-doctors' });

beforeEach(() => {
  jest.clearAllMocks();
  get.mockResolvedValue({ doctors: DOCTORS });
});

describe('Find Doctors rules', () => {
  it('searches by name (case-insensitive) and filters by specialization', () => {
    expect(filterDoctors(DOCTORS, 'otieno', '__all__').map((d) => d.doctor_id)).toEqual([3]);
    expect(filterDoctors(DOCTORS, '', 'Cardiology').map((d) => d.doctor_id)).toEqual([1, 2]);
    expect(filterDoctors(DOCTORS, 'GRACE', 'Cardiology').map((d) => d.doctor_id)).toEqual([1]);
    expect(filterDoctors(DOCTORS, 'zzz', '__all__')).toEqual([]);
  });

  it('filters by an accepted payer, and lists the payers SHA first (issue 38)', () => {
    const sha = { payer_id: 1, code: 'SHA', name: 'Social Health Authority (SHA)', kind: 'sha' as const };
    const aar = { payer_id: 2, code: 'AAR', name: 'AAR Insurance', kind: 'private' as const };
    const list = [doctor({ payers: [aar, sha] }), doctor({ doctor_id: 2, payers: [aar] }), doctor({ doctor_id: 3 })];
    expect(filterDoctors(list, '', '__all__', 'SHA').map((d) => d.doctor_id)).toEqual([1]);
    expect(filterDoctors(list, '', '__all__', 'AAR').map((d) => d.doctor_id)).toEqual([1, 2]);
    expect(filterDoctors(list, '', '__all__').map((d) => d.doctor_id)).toEqual([1, 2, 3]);
    expect(payersOf(list).map((p) => p.code)).toEqual(['SHA', 'AAR']);
  });

  it('builds the specialization list from the loaded doctors, sorted and without repeats', () => {
    expect(specializationsOf(DOCTORS)).toEqual(['Cardiology', 'Dermatology']);
    expect(specializationsOf([doctor({ specialization: null })])).toEqual([]);
  });

  it("says 'Failed to load doctors', with the server's reason when it sent one", () => {
    expect(api.doctorsLoadError(new ApiError('Failed to fetch doctors', 500))).toBe('Failed to load doctors');
    expect(api.doctorsLoadError(new ApiError('x', 503, 'Service unavailable'))).toBe('Failed to load doctors: Service unavailable');
  });

  it('knows the working days: listed days only, every day when none are listed', () => {
    expect(api.worksOn(DOCTORS[1], '2026-11-24')).toBe(true); // a Tuesday
    expect(api.worksOn(DOCTORS[1], '2026-11-25')).toBe(false);
    expect(api.worksOn(DOCTORS[2], '2026-11-25')).toBe(true);
  });
});

describe('a doctor card', () => {
  it('shows name, specialization, phone, available days and fee, and books with that doctor', () => {
    const onBook = jest.fn();
    render(<DoctorCard doctor={DOCTORS[0]!} onBook={onBook} />);
    expect(screen.getByText('Dr. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText('Cardiology')).toBeInTheDocument();
    expect(screen.getByText('+254722100001')).toBeInTheDocument();
    expect(screen.getByText('Wednesday')).toBeInTheDocument();
    expect(screen.getByText('Ksh 3,500')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Book Appointment with Dr. Grace Wanjiku' }));
    expect(onBook).toHaveBeenCalled();
  });

  it('says when the fee goes by appointment type and the days are not listed', () => {
    render(<DoctorCard doctor={DOCTORS[2]!} onBook={jest.fn()} />);
    expect(screen.getByText('by appointment type')).toBeInTheDocument();
    expect(screen.getByText('Days not listed')).toBeInTheDocument();
    expect(screen.getByText('No phone listed')).toBeInTheDocument();
  });
});

describe('Find Doctors page', () => {
  it("says 'Failed to load doctors' with Retry, no empty state meanwhile, then the doctors and the count", async () => {
    get.mockRejectedValueOnce(new ApiError('Failed to fetch doctors', 500)).mockResolvedValueOnce({ doctors: [DOCTORS[0]] });
    renderPage();
    expect(await screen.findByText('Failed to load doctors')).toBeInTheDocument();
    expect(screen.queryByText('No doctors found.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 doctor found')).toBeInTheDocument();
    expect(cards()).toHaveLength(1);
    // Book Appointment leads to the booking screen.
    fireEvent.click(screen.getByRole('button', { name: /Book Appointment/ }));
    await waitFor(() => expect(screen.getAllByTestId('location').at(-1)).toHaveTextContent('/dashboard/appointments/book'));
  });
});
