import { render, screen, within } from '@testing-library/react';
import { CaptionedTable } from './CaptionedTable';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, value: `reading ${i + 1}` }));
const columns = [{ key: 'value', title: 'Reading', dataIndex: 'value' }];

describe('CaptionedTable', () => {
  it('names the table for screen readers with a caption hidden on screen, and shows every row when ten or fewer', () => {
    render(<CaptionedTable caption="Blood pressure readings" rowKey="id" columns={columns} dataSource={rows(10)} />);
    const table = screen.getByRole('table', { name: 'Blood pressure readings' });
    expect(table.querySelector('caption span')).toHaveClass('afya-visually-hidden');
    expect(within(table).getAllByRole('row')).toHaveLength(11); // the header and ten rows
    expect(screen.queryByRole('list')).toBeNull(); // no pager
  });

  it('pages by ten past ten rows', () => {
    render(<CaptionedTable caption="Weights" rowKey="id" columns={columns} dataSource={rows(11)} />);
    expect(within(screen.getByRole('table', { name: 'Weights' })).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('reading 10')).toBeInTheDocument();
    expect(screen.queryByText('reading 11')).toBeNull();
    expect(screen.getByTitle('2')).toBeInTheDocument(); // the pager's second page
  });
});
