import { render, screen, within } from '@testing-library/react';
import { AntdTestStyles } from '../../../test/render';
import { MedicinesTable } from './MedicinesTable';

const medicines = [
  { name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals for 7 days, finish the whole course' },
  { name: 'Paracetamol', dosage: '1 tablet', frequency: '', instructions: 'When needed for pain' },
];

describe('MedicinesTable', () => {
  it('on a phone (jsdom is phone-sized) shows every field of every medicine, nothing in a sideways-scrolling table', () => {
    render(<MedicinesTable medicines={medicines} />, { wrapper: AntdTestStyles });
    const items = within(screen.getByRole('list', { name: 'Medicines' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Amoxicillin 500mgFrequency: Three times dailyInstructions: After meals for 7 days, finish the whole course',
      'Paracetamol 1 tabletFrequency: —Instructions: When needed for pain',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('wider, a fixed-layout table whose four columns share the width and wrap (no horizontal scroll)', () => {
    const original = window.matchMedia;
    // Every min-width query matches: a desktop.
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('min-width') || original(query).matches })) as typeof window.matchMedia;
    try {
      const { container } = render(<MedicinesTable medicines={medicines} />, { wrapper: AntdTestStyles });
      const table = screen.getByRole('table');
      expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Medicine', 'Dosage', 'Frequency', 'Instructions']);
      expect(within(table).getByText('After meals for 7 days, finish the whole course')).toBeInTheDocument();
      expect(table).toHaveStyle({ tableLayout: 'fixed' });
      expect(container.querySelector('.ant-table-content')?.getAttribute('style') ?? '').not.toMatch(/overflow/);
    } finally {
      window.matchMedia = original;
    }
  });
});
