import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AMOUNT_RULE, AmountEditor, validateAmount } from './AmountEditor';

/**
 * What a person does: types a value, then leaves the field (clicking Save blurs it). The blur matters: a
 * field clamped with min={0} turned "-500" into 0 on blur, which was the bug. One change event instead of
 * key-by-key typing keeps each test short.
 */
function typeInto(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

/** The editor alone (not the whole list page): opens it on an amount of 3,500 and types `text` over it. */
async function edit(text: string, onSave = jest.fn().mockResolvedValue(true)) {
  render(<AmountEditor id={21} value={3500} onSave={onSave} />);
  fireEvent.click(screen.getByRole('button', { name: 'Edit amount of appointment #21' }));
  const input = screen.getByLabelText('Amount of appointment #21 in Ksh');
  expect(input).toHaveValue('3500');
  typeInto(input, text);
  return onSave;
}

describe('inline amount editor', () => {
  it('refuses a negative amount in the form instead of saving Ksh 0', async () => {
    const onSave = await edit('-200');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Amount must be a number of at least 0')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks before setting an amount to 0; Keep editing saves nothing', async () => {
    const onSave = await edit('0');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Set appointment #21 to Ksh 0?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Set to Ksh 0' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(0));
    await waitFor(() => expect(screen.queryByLabelText('Amount of appointment #21 in Ksh')).not.toBeInTheDocument());
  });

  it('saves another amount at once; an empty one is refused; a refused save keeps the editor open', async () => {
    const onSave = await edit('');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AMOUNT_RULE)).toBeInTheDocument();
    onSave.mockResolvedValueOnce(false);
    typeInto(screen.getByLabelText('Amount of appointment #21 in Ksh'), '4200');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(4200));
    expect(screen.getByLabelText('Amount of appointment #21 in Ksh')).toBeInTheDocument();
  });

  it('Cancel closes the editor without saving', async () => {
    const onSave = await edit('99');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Ksh 3,500')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('validateAmount: numbers of at least 0, with a message for negatives', () => {
    expect(validateAmount(0)).toEqual({ ok: true, amount: 0 });
    expect(validateAmount('2,500')).toEqual({ ok: true, amount: 2500 });
    expect(validateAmount(-10)).toEqual({ ok: false, error: AMOUNT_RULE });
    expect(validateAmount(10_000_001)).toEqual({ ok: false, error: 'Amount must be at most Ksh 10,000,000' });
    expect(validateAmount('ten')).toEqual({ ok: false, error: AMOUNT_RULE });
    expect(validateAmount(null)).toEqual({ ok: false, error: AMOUNT_RULE });
  });
});
