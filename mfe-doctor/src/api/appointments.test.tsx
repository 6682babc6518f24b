import { renderHook, waitFor } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { stubDeclaredCalls } from '../../../shell/test/declared-calls';
import { queryWrapper } from '../../../shell/test/render';
import { doctorAppointmentsKey, durationText, fetchDoctorAppointments, performanceKey, useUpdateStatus } from './appointments';

const { setStatus: patch, listForDoctor } = stubDeclaredCalls().appointments;
const success = jest.spyOn(toast, 'success').mockReturnValue('');
const failure = jest.spyOn(toast, 'error').mockReturnValue('');
beforeEach(() => jest.clearAllMocks());

const updated = { appointment_id: 11, appointment_status: 'Confirmed' };

describe('useUpdateStatus', () => {
  it("sends the status, shows the server's answer at once and refreshes the lists and the performance panel", async () => {
    patch.mockResolvedValue({ appointment: updated, message: 'Status updated!' });
    const { wrapper, client } = queryWrapper();
    client.setQueryData(doctorAppointmentsKey, { items: [], complete: true });
    client.setQueryData(performanceKey, { patientsSeen: 1 });
    const onUpdated = jest.fn();
    const { result } = renderHook(() => useUpdateStatus(onUpdated), { wrapper });

    result.current.mutate({ id: 11, status: 'Confirmed' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(patch).toHaveBeenCalledWith({ params: { id: 11 }, body: { status: 'Confirmed' } }, { context: { fallback: 'Failed to update status' } });
    expect(onUpdated).toHaveBeenCalledWith(updated);
    expect(success).toHaveBeenCalledWith('Status updated!');
    expect(client.getQueryState(doctorAppointmentsKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(performanceKey)?.isInvalidated).toBe(true);
  });

  it("says 'Failed to update status' and changes nothing when the server refuses", async () => {
    patch.mockRejectedValue(new ApiError('You can complete an appointment only once its time has started.', 409));
    const onUpdated = jest.fn();
    const { result } = renderHook(() => useUpdateStatus(onUpdated), { wrapper: queryWrapper().wrapper });
    result.current.mutate({ id: 11, status: 'Completed' });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(failure).toHaveBeenCalledWith('Failed to update status');
    expect(onUpdated).not.toHaveBeenCalled();
  });
});

it('reads the list call: the bare array of GET /appointments/doctor (calls.appointments.listForDoctor)', async () => {
  listForDoctor.mockResolvedValueOnce({ headers: { 'x-total-count': '1' }, body: [updated] });
  await expect(fetchDoctorAppointments()).resolves.toEqual([updated]);
  expect(listForDoctor).toHaveBeenCalledWith({ query: {} }, expect.anything());
});

it('shows the recorded duration, else the default 25 min', () => {
  expect(durationText(40)).toBe('40 min');
  expect(durationText(0)).toBe('25 min');
  expect(durationText(null)).toBe('25 min');
});
