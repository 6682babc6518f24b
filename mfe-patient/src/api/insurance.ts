import type { Cover, DoctorPayer, Payer } from '@afya/appointment-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls } from 'shell/api-client';

export type { Cover, DoctorPayer, Payer };

/** Insurance cover (issue 38): the payers, the patient's covers, and the payers a doctor accepts with the co-pay. */
export const payersKey = callKey('appointments', 'payers');
export const coversKey = callKey('appointments', 'covers');

export function usePayers(enabled = true) {
  return useQuery({ queryKey: payersKey, queryFn: () => calls.appointments.payers({}, { context: { fallback: 'Failed to load the payers' } }), enabled });
}

/** The caller's covers, or a family member's (`memberId`). */
export function useCovers(memberId?: number, enabled = true) {
  const query = memberId === undefined ? {} : { member_id: memberId };
  return useQuery({
    queryKey: [...coversKey, query],
    queryFn: () => calls.appointments.covers({ query }, { context: { fallback: 'Failed to load your covers' } }),
    enabled,
  });
}

export function useDoctorPayers(doctorId: number | undefined) {
  return useQuery({
    queryKey: callKey('appointments', 'doctorPayers', { params: { id: String(doctorId ?? 0) } }),
    queryFn: () => calls.appointments.doctorPayers({ params: { id: String(doctorId) } }, { context: { fallback: 'Failed to load the payers' } }),
    enabled: doctorId !== undefined,
  });
}

/** The fields of the cover form (dates as YYYY-MM-DD). */
export interface CoverInput {
  payer_id: number;
  member_number: string;
  scheme?: string | null;
  relationship?: Cover['relationship'];
  principal_name?: string | null;
  principal_member_number?: string | null;
  valid_until?: string | null;
  priority?: Cover['priority'];
}

function useCoverChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => queryClient.invalidateQueries({ queryKey: coversKey }) });
}

/** Optional fields left empty are sent as absent (adding) or null (changing: clears them). */
const cleaned = (input: CoverInput, empty: undefined | null) => ({
  ...input,
  scheme: input.scheme || empty,
  principal_name: input.relationship === 'self' ? empty : input.principal_name || empty,
  principal_member_number: input.relationship === 'self' ? empty : input.principal_member_number || empty,
  valid_until: input.valid_until || empty,
});

export const useAddCover = () =>
  useCoverChange((input: CoverInput) => calls.appointments.addCover({ body: cleaned(input, undefined) }, { context: { fallback: 'Failed to save the cover' } }));

export const useUpdateCover = () =>
  useCoverChange(({ id, ...input }: CoverInput & { id: number }) =>
    calls.appointments.updateCover({ params: { id: String(id) }, body: cleaned(input, null) }, { context: { fallback: 'Failed to save the cover' } }),
  );

export const useRemoveCover = () =>
  useCoverChange((id: number) => calls.appointments.removeCover({ params: { id: String(id) } }, { context: { fallback: 'Failed to remove the cover' } }));
