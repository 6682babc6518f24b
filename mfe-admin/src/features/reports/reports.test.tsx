import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../../../../shell/test/render';
import { percentOf } from './api';
import * as transfer from './download';
import { ReportsPage } from './ReportsPage';

jest.mock('./download', () => ({ downloadReport: jest.fn() }));
const download = transfer.downloadReport as jest.MockedFunction<typeof transfer.downloadReport>;

it('shows the four reports and a progress bar while a report streams', async () => {
  let finish!: () => void;
  download.mockImplementation((_type, _range, onProgress) => {
    onProgress({ rows: 250, total: 1000, bytes: 20_000 });
    return new Promise<void>((resolve) => (finish = resolve));
  });
  renderAt(<ReportsPage />);
  expect(screen.getByText('Reports & Analytics')).toBeInTheDocument();
  expect(screen.getByText('Download system reports as CSV files')).toBeInTheDocument();
  for (const name of ['Appointments', 'Users', 'Revenue', 'Prescriptions']) expect(screen.getByRole('button', { name: `Download ${name} report` })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Download Users report' }));
  expect(download).toHaveBeenCalledWith('users', { from: undefined, to: undefined }, expect.any(Function));
  const progress = await screen.findByTestId('progress-users');
  expect(progress).toHaveTextContent('250 of 1,000 rows');
  expect(progress).toHaveTextContent('25%');
  expect(screen.getByRole('button', { name: 'Download Revenue report' })).toBeDisabled();
  finish();
  expect(await screen.findByText('Report downloaded successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('progress-users')).not.toBeInTheDocument());
});

it("says 'Failed to download report' when the download fails", async () => {
  download.mockRejectedValue(new Error('nope'));
  renderAt(<ReportsPage />);
  fireEvent.click(screen.getByRole('button', { name: 'Download Revenue report' }));
  expect(await screen.findByText('Failed to download report')).toBeInTheDocument();
});

it('progress percent: rows of the known total, none when unknown', () => {
  expect(percentOf({ rows: 1, total: 3, bytes: 10 })).toBe(33);
  expect(percentOf({ rows: 5, total: null, bytes: 10 })).toBeNull();
  expect(percentOf(null)).toBeNull();
});
