import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { queryWrapper } from '../../test/render';
import { APPOINTMENT_CARDS_STEP, AppointmentListBody, useAppointmentList, type AppointmentFetcher } from './AppointmentList';
import { nairobiDate } from './appointments';

type Row = { appointment_id: number; appointment_date: string; time_slot: string; appointment_status: string; patient_full_name: string };

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({
    appointment_id: i + 1,
    appointment_date: nairobiDate(-1 - (i % 30)),
    time_slot: '09:00 AM',
    appointment_status: 'Completed',
    patient_full_name: i === n - 1 ? 'Zawadi Otieno' : `Patient ${i + 1}`,
  }));

/** A page like the three appointment pages, with plain rows instead of cards. */
function ListPage({ fetcher }: { fetcher: AppointmentFetcher<Row> }) {
  const list = useAppointmentList<Row>(fetcher, { queryKey: ['appointments', 'test'] });
  return (
    <>
      <input aria-label="Search" value={list.filters.search} onChange={(e) => list.setFilters({ ...list.filters, search: e.target.value })} />
      <p data-testid="count">{`${list.shown.length} of ${list.appointments.length}`}</p>
      <AppointmentListBody list={list} empty={<p>Nothing yet</p>}>
        <ul>
          {list.visible.map((a) => (
            <li key={a.appointment_id} data-testid="row">
              {a.patient_full_name}
            </li>
          ))}
        </ul>
      </AppointmentListBody>
    </>
  );
}

const shownRows = () => screen.queryAllByTestId('row');
/** Each test its own query cache, as in the app under the shell's provider. */
const renderList = (ui: ReactElement) => render(ui, { wrapper: queryWrapper().wrapper });

describe('appointment lists: progressive loading and Show more', () => {
  it(`renders ${APPOINTMENT_CARDS_STEP} rows, then more on "Show more", while search and count cover all`, async () => {
    const all = rows(120);
    renderList(<ListPage fetcher={() => Promise.resolve(all)} />);
    await waitFor(() => expect(shownRows()).toHaveLength(APPOINTMENT_CARDS_STEP));
    expect(screen.getByTestId('count')).toHaveTextContent('120 of 120');
    fireEvent.click(screen.getByRole('button', { name: 'Show more (70 more)' }));
    expect(shownRows()).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (20 more)' }));
    expect(shownRows()).toHaveLength(120);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zawadi' } });
    expect(shownRows().map((row) => row.textContent)).toEqual(['Zawadi Otieno']);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    expect(shownRows()).toHaveLength(APPOINTMENT_CARDS_STEP); // a new filter starts again at the first rows
  });

  it('shows what has arrived while later pages load, then the whole list', async () => {
    const all = rows(60);
    let finish: (list: Row[]) => void = () => undefined;
    renderList(
      <ListPage
        fetcher={(onProgress) => {
          onProgress(all.slice(0, 10));
          return new Promise((resolve) => (finish = resolve));
        }}
      />,
    );
    await waitFor(() => expect(shownRows()).toHaveLength(10));
    expect(screen.getByRole('status')).toHaveTextContent('Loading more appointments…');
    await act(async () => finish(all));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByTestId('count')).toHaveTextContent('60 of 60');
    expect(screen.getByRole('button', { name: 'Show more (10 more)' })).toBeInTheDocument();
  });

  it('keeps the error text and Retry when a later page fails', async () => {
    renderList(
      <ListPage
        fetcher={(onProgress) => {
          onProgress(rows(5));
          return Promise.reject(new Error('Failed to fetch appointments'));
        }}
      />,
    );
    expect(await screen.findByText(/Error loading appointments/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('Loading more appointments…')).not.toBeInTheDocument();
  });

  it('shows skeletons, not an empty list, while loading; Retry after a failure loads again', async () => {
    let attempt = 0;
    const fetcher = () => (++attempt === 1 ? Promise.reject(new Error('Service unavailable')) : Promise.resolve(rows(3)));
    renderList(<ListPage fetcher={fetcher} />);
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
    expect(await screen.findByText('Error loading appointments: Service unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownRows()).toHaveLength(3));
    expect(screen.queryByText(/Error loading appointments/)).not.toBeInTheDocument();
  });

  it('patches a row in the shared cache after a change, and keys every list under appointments', async () => {
    const { wrapper, client } = queryWrapper();
    function Patcher() {
      const list = useAppointmentList<Row>(() => Promise.resolve(rows(2)), { queryKey: ['appointments', 'test'] });
      return (
        <>
          <button onClick={() => list.patch(1, { patient_full_name: 'Renamed' })}>Patch</button>
          <p data-testid="first">{list.appointments.find((a) => a.appointment_id === 1)?.patient_full_name}</p>
        </>
      );
    }
    render(<Patcher />, { wrapper });
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('Patient 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Patch' }));
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('Renamed'));
    expect(client.getQueryData<{ items: Row[] }>(['appointments', 'test'])?.items[0]?.patient_full_name).toBe('Renamed');
  });
});
