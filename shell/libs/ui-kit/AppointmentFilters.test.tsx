import { fireEvent, render, screen } from '@testing-library/react';
import { AppointmentFilters } from './AppointmentFilters';
import { NO_FILTERS, QUICK_FILTERS } from './appointments';

describe('appointment filters', () => {
  it('says "about" when the server estimated the total', () => {
    render(<AppointmentFilters value={NO_FILTERS} onChange={jest.fn()} count={20} total={128525} totalIsEstimate />);
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 20 of about 128,525 appointments');
  });

  it('reports the search, shows the count, and the quick buttons set and clear the filters', () => {
    const onChange = jest.fn();
    render(<AppointmentFilters value={{ ...NO_FILTERS, status: 'pending' }} onChange={onChange} count={1} total={5} />);
    expect(screen.getByTestId('results-count')).toHaveTextContent('Showing 1 of 5 appointments');
    fireEvent.change(screen.getByLabelText('Search appointments'), { target: { value: 'abdi' } });
    expect(onChange).toHaveBeenLastCalledWith({ search: 'abdi', status: 'pending', date: 'all' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmed Only' }));
    expect(onChange).toHaveBeenLastCalledWith(QUICK_FILTERS.confirmedOnly);
    fireEvent.click(screen.getByRole('button', { name: "Today's" }));
    expect(onChange).toHaveBeenLastCalledWith(QUICK_FILTERS.todays);
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  });
});
