import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessLogReply, MedicalRecord } from '@afya/prescription-service/contracts';
import { AUTO_REFRESH_MS, calls } from 'shell/api-client';

export type { MedicalRecord };

export const historyKey = ['prescriptions', 'history', 'self'] as const;
export const accessLogKey = (page: number, limit: number) => ['prescriptions', 'access-log', page, limit] as const;

export async function fetchMyHistory(): Promise<MedicalRecord[]> {
  return (await calls.prescriptions.historySelf({}, { context: { fallback: 'Failed to fetch medical history' } })).records;
}

/** The patient's records, refreshed every 30 s while the tab is visible. */
export function useMyHistory() {
  return useQuery({ queryKey: historyKey, queryFn: fetchMyHistory, refetchInterval: AUTO_REFRESH_MS, placeholderData: keepPreviousData });
}

export function fetchAccessLog(page: number, limit: number): Promise<AccessLogReply> {
  return calls.prescriptions.accessLog({ query: { page, limit } }, { context: { fallback: 'Failed to load the access log' } });
}

/** "Who viewed my records": one page of the patient's access log, newest first. */
export function useAccessLog(page: number, limit: number, enabled = true) {
  return useQuery({ queryKey: accessLogKey(page, limit), queryFn: () => fetchAccessLog(page, limit), enabled, placeholderData: keepPreviousData, refetchInterval: AUTO_REFRESH_MS });
}
