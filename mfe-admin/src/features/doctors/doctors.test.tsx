import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper, renderAt } from '../../../../shell/test/render';
import { adminKeys } from '../../api/query-keys';
import { AdminDoctorsPage } from './AdminDoctorsPage';
import { useApproveDoctor, WEEKDAYS } from './api';
import { ApproveDoctorButton, SPECIALIZATION_REQUIRED } from './ApproveDoctorButton';
import { PendingActions } from './PendingActions';

const { adminDoctors: get, waitlistLengths, approveDoctor: patch } = stubDeclaredCalls().appointments;

const profile = { user_id: 90, contact_phone: '+254700000031', approved: false, created_at: '2026-11-01', updated_at: '2026-11-01' };
const pendingDoc = { ...profile, doctor_id: 31, first_name: 'Esther', last_name: 'Njeri', specialization: null, fee: null, available_days: [], offers_video: false, approval_status: 'pending' as const };
const approvedDoc = { ...profile, doctor_id: 1, user_id: 3, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, available_days: ['Monday'], approval_status: 'approved' as const, approved: true };

const waitlists = [{ doctor_id: 1, doctor_name: 'Grace Wanjiku', specialization: 'Cardiology', waiting: 3, held_offers: 1 }];
const doctorsReply = { doctors: [pendingDoc, approvedDoc], pending: 1 };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockResolvedValue(doctorsReply);
  waitlistLengths.mockResolvedValue(waitlists);
});

describe('useApproveDoctor', () => {
  it('sends the specialization and days, shows the approved profile at once and refreshes the doctors lists', async () => {
    const approved = { ...pendingDoc, specialization: 'Neurology', available_days: ['Tuesday'], approval_status: 'approved' as const, approved: true };
    patch.mockResolvedValue({ doctor: approved, message: 'Doctor approved' });
    const { wrapper, client } = queryWrapper();
    client.setQueryData(adminKeys.doctors, { doctors: [pendingDoc, approvedDoc], pending: 1 });
    const { result } = renderHook(() => useApproveDoctor(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 31, specialization: 'Neurology', available_days: ['Tuesday'] }));
    expect(patch).toHaveBeenCalledWith({ params: { id: 31 }, body: { specialization: 'Neurology', available_days: ['Tuesday'] } }, { context: { fallback: 'Failed to approve doctor' } });
    expect(client.getQueryData(adminKeys.doctors)).toEqual({ doctors: [approved, approvedDoc], pending: 0 });
    expect(client.getQueryState(adminKeys.doctors)?.isInvalidated).toBe(true);
  });
});

describe('approving a doctor', () => {
  it('requires a specialization', async () => {
    renderAt(<ApproveDoctorButton doctor={pendingDoc} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve Dr. Esther Njeri' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(SPECIALIZATION_REQUIRED)).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
  });

  it('approves with the chosen days, and says why when the server refuses', async () => {
    patch.mockRejectedValueOnce(new ApiError('Doctor not found', 404, 'Doctor not found'));
    renderAt(<ApproveDoctorButton doctor={{ ...pendingDoc, specialization: 'Neurology' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve Dr. Esther Njeri' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Doctor not found')).toBeInTheDocument();
    expect(patch).toHaveBeenCalledWith({ params: { id: 31 }, body: { specialization: 'Neurology', available_days: ['Tuesday'] } }, expect.anything());
  });

  it('lists the weekdays Monday first', () => {
    expect(WEEKDAYS).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });
});

describe('doctors awaiting approval', () => {
  it("the admin home's Pending Actions counts them; nobody waiting, or a failed load, shows 'No pending actions.'", async () => {
    const first = renderAt(<PendingActions />);
    expect(await screen.findByTestId('pending-doctors')).toHaveTextContent('Doctors awaiting approval1');
    expect(screen.getByRole('button', { name: 'Approve Dr. Esther Njeri' })).toBeInTheDocument();
    first.unmount();
    get.mockRejectedValueOnce(new ApiError('down', 503));
    renderAt(<PendingActions />);
    expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
  });

  it('the doctors page lists everyone with their approval state', async () => {
    renderAt(<AdminDoctorsPage />);
    const rows = await screen.findAllByTestId('doctor-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('No specialization yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Approved')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Ksh 3,500')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 doctors, 1 awaiting approval')).toBeInTheDocument();
    // the waitlist's length per doctor (only doctors someone waits for)
    expect(await within(rows[1]!).findByTestId('waitlist-length')).toHaveTextContent('3 on the waitlist, 1 slot held');
    expect(within(rows[0]!).queryByTestId('waitlist-length')).not.toBeInTheDocument();
  });

  it("the doctors page says 'Error loading doctors: {error}' with Retry", async () => {
    let failures = 1;
    get.mockImplementation(async () => {
      if (failures-- > 0) throw new ApiError('Failed to fetch doctors', 503);
      return doctorsReply;
    });
    renderAt(<AdminDoctorsPage />);
    expect(await screen.findByText('Error loading doctors: Failed to fetch doctors')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByTestId('doctor-row')).toHaveLength(2));
  });
});
