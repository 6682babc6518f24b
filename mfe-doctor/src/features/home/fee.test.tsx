import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { useSession } from 'shell/session';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper } from '../../../../shell/test/render';
import { ConsultationFeeCard, FEE_RULE, validateFee } from './ConsultationFeeCard';

/**
 * What a person does: types a value, then leaves the field (clicking Save blurs it). The blur matters: a
 * field clamped with min={0} turned "-500" into 0 on blur, which was the bug. One change event instead of
 * key-by-key typing keeps each test short.
 */
function typeInto(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

// The HTTP layer is faked; the hooks, the query cache and the panel are the real ones.
const profile = (fee: number | null) => ({ doctor: { doctor_id: 9, user_id: 2, fee } });
const { doctorByUser: get, setFee: patch } = stubDeclaredCalls().appointments;
const updateFee = () => (patch.mock.calls as [{ params: { id: number }; body: unknown }][]).filter(([input]) => input.params.id === 9).map(([input]) => input.body);

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  get.mockImplementation(async ({ params }: { params: { userId: number } }) => {
    if (params.userId === 2) return profile(3500);
    throw new Error(`unexpected profile of user ${params.userId}`);
  });
  patch.mockImplementation(async ({ body }: { body: { fee: number } }) => profile(body.fee));
});

const renderCard = () => render(<ConsultationFeeCard />, { wrapper: queryWrapper().wrapper });

/** Renders the panel alone, opens the editor and types `text` over the fee. */
async function editFee(text: string) {
  renderCard();
  await waitFor(() => expect(screen.getByTestId('fee-value')).toHaveTextContent('Ksh 3,500'));
  fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
  const input = screen.getByLabelText('Consultation fee in Ksh');
  typeInto(input, text);
}

describe('consultation fee panel', () => {
  it('refuses a negative fee in the form instead of saving Ksh 0', async () => {
    await editFee('-500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fee must be a number of at least 0')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    expect(screen.queryByText('Fee updated!')).not.toBeInTheDocument();
  });

  it('asks before setting the fee to 0, and saves 0 only once confirmed', async () => {
    await editFee('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Set your fee to Ksh 0?')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Set to Ksh 0' }));
    await waitFor(() => expect(updateFee()).toEqual([{ fee: 0 }]));
    expect(await screen.findByText('Fee updated!')).toBeInTheDocument();
    expect(screen.getByTestId('fee-value')).toHaveTextContent('Ksh 0');
  });

  it('saves another fee at once; an empty fee is refused', async () => {
    await editFee('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FEE_RULE)).toBeInTheDocument();
    typeInto(screen.getByLabelText('Consultation fee in Ksh'), '2500');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateFee()).toEqual([{ fee: 2500 }]));
    expect(screen.queryByText('Set your fee to Ksh 0?')).not.toBeInTheDocument();
    expect(await screen.findByTestId('fee-value')).toHaveTextContent('Ksh 2,500');
  });

  it("a failed save says 'Failed to update fee' and keeps editing", async () => {
    patch.mockRejectedValue(new ApiError('Failed to update fee', 500));
    await editFee('4000');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update fee')).toBeInTheDocument();
    expect(screen.getByLabelText('Consultation fee in Ksh')).toBeInTheDocument();
  });

  it("says 'Failed to load doctor profile.' with Retry", async () => {
    get.mockRejectedValueOnce(new ApiError('Failed to load doctor profile.', 404)).mockResolvedValueOnce(profile(null));
    renderCard();
    expect(await screen.findByText('Failed to load doctor profile.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('fee-value')).toHaveTextContent('Not set'));
  });

  it('validateFee: numbers of at least 0, with a message for negatives', () => {
    expect(validateFee(0)).toEqual({ ok: true, fee: 0 });
    expect(validateFee('1,500')).toEqual({ ok: true, fee: 1500 });
    expect(validateFee(-1)).toEqual({ ok: false, error: FEE_RULE });
    expect(validateFee(20_000_000)).toEqual({ ok: false, error: 'Fee must be at most Ksh 10,000,000' });
    expect(validateFee('abc')).toEqual({ ok: false, error: FEE_RULE });
    expect(validateFee(null)).toEqual({ ok: false, error: FEE_RULE });
  });
});
