import * as client from 'shell/api-client';
import { fetchAllAppointments, PAGE_SIZE } from './api';

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
