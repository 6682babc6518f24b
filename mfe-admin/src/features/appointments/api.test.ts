import * as client from 'shell/api-client';
import { ADMIN_APPOINTMENTS_LIMIT, fetchAllAppointments, PAGE_SIZE } from './api';

jest.mock('shell/api-client', () => ({ api: { get: jest.fn() } }));
const get = client.api.get as jest.Mock;

it('reads every page of at most 500 until a short page', async () => {
  const page = (n: number, from: number) => ({ appointments: Array.from({ length: n }, (_, i) => ({ appointment_id: from + i })) });
  get.mockResolvedValueOnce(page(PAGE_SIZE, 0)).mockResolvedValueOnce(page(PAGE_SIZE, 500)).mockResolvedValueOnce(page(3, 1000));
  const all = await fetchAllAppointments();
  expect(all).toHaveLength(1003);
  expect(get.mock.calls.map((c) => c[1].searchParams)).toEqual([
    { limit: 500, offset: 0 },
    { limit: 500, offset: 500 },
    { limit: 500, offset: 1000 },
  ]);
});

it('reports what has arrived after each full page, and stops at the newest 20,000', async () => {
  const full = (from: number) => ({ appointments: Array.from({ length: PAGE_SIZE }, (_, i) => ({ appointment_id: from + i })) });
  get.mockReset();
  get.mockImplementation((_path: string, options: { searchParams: { offset: number } }) => Promise.resolve(full(options.searchParams.offset)));
  const progress: number[] = [];
  const all = await fetchAllAppointments((soFar) => progress.push(soFar.length));
  expect(all).toHaveLength(ADMIN_APPOINTMENTS_LIMIT);
  expect(get).toHaveBeenCalledTimes(ADMIN_APPOINTMENTS_LIMIT / PAGE_SIZE);
  expect(progress.slice(0, 3)).toEqual([500, 1000, 1500]);
  expect(progress.at(-1)).toBe(ADMIN_APPOINTMENTS_LIMIT);
});
