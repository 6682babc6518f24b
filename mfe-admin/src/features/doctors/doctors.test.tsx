import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminDoctorsPage } from './AdminDoctorsPage';
import * as api from './api';
import { PendingActions } from './PendingActions';

configure({ asyncUtilTimeout: 8000 });

jest.mock('./api', () => ({ ...jest.requireActual('./api'), fetchAdminDoctors: jest.fn(), approveDoctor: jest.fn() }));
const m = (f: unknown) => f as jest.Mock;

const pendingDoc = { doctor_id: 31, user_id: 90, first_name: 'Esther', last_name: 'Njeri', specialization: null, fee: null, contact_phone: '+254700000031', available_days: [], approval_status: 'pending' };
const approvedDoc = { doctor_id: 1, user_id: 3, first_name: 'Grace', last_name: 'Wanjiku', specialization: 'Cardiology', fee: 3500, contact_phone: '+254722100001', available_days: ['Monday'], approval_status: 'approved' };

beforeEach(() => {
  jest.clearAllMocks();
  m(api.fetchAdminDoctors).mockResolvedValue({ doctors: [pendingDoc, approvedDoc], pending: 1 });
});

async function chooseOption(label: string, text: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const opt = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((x) => x.textContent === text);
    if (!o) throw new Error('closed');
    return o;
  });
  fireEvent.click(opt);
}

describe('doctors awaiting approval', () => {
  it("the admin home's Pending Actions counts them and approves one (specialization required)", async () => {
    m(api.approveDoctor).mockResolvedValue({ doctor: { ...pendingDoc, specialization: 'Neurology', available_days: ['Tuesday'], approval_status: 'approved' }, message: 'Doctor approved' });
    render(<MemoryRouter><PendingActions /></MemoryRouter>);
    expect(await screen.findByTestId('pending-doctors')).toHaveTextContent('Doctors awaiting approval1');
    await userEvent.click(screen.getByRole('button', { name: 'Approve Dr. Esther Njeri' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Please choose a specialization')).toBeInTheDocument();
    expect(api.approveDoctor).not.toHaveBeenCalled();
    await chooseOption('Specialization', 'Neurology');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.approveDoctor).toHaveBeenCalledWith(31, { specialization: 'Neurology', available_days: ['Tuesday'] }));
    expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
  });

  it("shows 'No pending actions.' when nobody waits, and when the call fails", async () => {
    m(api.fetchAdminDoctors).mockResolvedValueOnce({ doctors: [approvedDoc], pending: 0 });
    const { unmount } = render(<MemoryRouter><PendingActions /></MemoryRouter>);
    expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
    unmount();
    m(api.fetchAdminDoctors).mockRejectedValueOnce(new Error('down'));
    render(<MemoryRouter><PendingActions /></MemoryRouter>);
    expect(await screen.findByText('No pending actions.')).toBeInTheDocument();
  });

  it('the doctors view lists everyone with their approval state', async () => {
    render(<MemoryRouter><AdminDoctorsPage /></MemoryRouter>);
    const rows = await screen.findAllByTestId('doctor-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('No specialization yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Approved')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Ksh 3,500')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 doctors, 1 awaiting approval')).toBeInTheDocument();
  });
});
