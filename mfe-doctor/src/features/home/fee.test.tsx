import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import * as api from './api';
import { ConsultationFeeCard, FEE_NEGATIVE, FEE_RULE, validateFee } from './ConsultationFeeCard';

jest.mock('./api', () => ({ ...jest.requireActual('./api'), fetchMyDoctorProfile: jest.fn(), updateFee: jest.fn() }));
const m = (f: unknown) => f as jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  m(api.fetchMyDoctorProfile).mockResolvedValue({ doctor_id: 9, fee: 3500 });
  m(api.updateFee).mockImplementation(async (_id: number, fee: number) => ({ doctor_id: 9, fee }));
});

/** Renders the panel alone, opens the editor and types `text` over the fee. */
async function editFee(text: string) {
  render(<ConsultationFeeCard />);
  await waitFor(() => expect(screen.getByTestId('fee-value')).toHaveTextContent('Ksh 3,500'));
  await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
  const input = screen.getByLabelText('Consultation fee in Ksh');
  await userEvent.clear(input);
  if (text) await userEvent.type(input, text);
}

describe('consultation fee panel', () => {
  it('refuses a negative fee in the form instead of saving Ksh 0', async () => {
    await editFee('-500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FEE_NEGATIVE)).toBeInTheDocument();
    expect(api.updateFee).not.toHaveBeenCalled();
    expect(screen.queryByText('Fee updated!')).not.toBeInTheDocument();
  });

  it('asks before setting the fee to 0, and saves 0 only once confirmed', async () => {
    await editFee('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Set your fee to Ksh 0?')).toBeInTheDocument();
    expect(api.updateFee).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Set to Ksh 0' }));
    await waitFor(() => expect(api.updateFee).toHaveBeenCalledWith(9, 0));
    expect(await screen.findByText('Fee updated!')).toBeInTheDocument();
    expect(screen.getByTestId('fee-value')).toHaveTextContent('Ksh 0');
  });

  it('saves another fee at once; an empty fee is refused', async () => {
    await editFee('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FEE_RULE)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Consultation fee in Ksh'), '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.updateFee).toHaveBeenCalledWith(9, 2500));
    expect(screen.queryByText('Set your fee to Ksh 0?')).not.toBeInTheDocument();
    expect(await screen.findByTestId('fee-value')).toHaveTextContent('Ksh 2,500');
  });

  it("a failed save says 'Failed to update fee' and keeps editing", async () => {
    m(api.updateFee).mockRejectedValue(new ApiError('Failed to update fee', 500));
    await editFee('4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update fee')).toBeInTheDocument();
    expect(screen.getByLabelText('Consultation fee in Ksh')).toBeInTheDocument();
  });

  it("says 'Failed to load doctor profile.' with Retry", async () => {
    m(api.fetchMyDoctorProfile).mockRejectedValueOnce(new ApiError('Failed to load doctor profile.', 404)).mockResolvedValueOnce({ doctor_id: 9, fee: null });
    render(<ConsultationFeeCard />);
    expect((await screen.findAllByText('Failed to load doctor profile.')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('fee-value')).toHaveTextContent('Not set'));
  });

  it('validateFee: numbers of at least 0, with a message for negatives', () => {
    expect(validateFee(0)).toEqual({ ok: true, fee: 0 });
    expect(validateFee('1,500')).toEqual({ ok: true, fee: 1500 });
    expect(validateFee(-1)).toEqual({ ok: false, error: FEE_NEGATIVE });
    expect(validateFee('abc')).toEqual({ ok: false, error: FEE_RULE });
    expect(validateFee(null)).toEqual({ ok: false, error: FEE_RULE });
  });
});
