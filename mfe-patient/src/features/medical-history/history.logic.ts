import type { MedicalRecord } from '@afya/prescription-service/contracts';

/** Search over condition, diagnosis and doctor name (CONTRACT.md §2), case-insensitive. */
export function searchRecords(records: MedicalRecord[], search: string): MedicalRecord[] {
  const q = search.trim().toLowerCase();
  if (!q) return records;
  return records.filter((r) => [r.condition, r.diagnosis, r.doctor_name, r.doctor_name ? `Dr. ${r.doctor_name}` : null].some((f) => f?.toLowerCase().includes(q)));
}

const ROLE_LABEL: Record<string, string> = { user: 'Patient', doctor: 'Doctor', admin: 'Administrator' };
export const roleLabel = (role: string) => ROLE_LABEL[role] ?? role;

const ACTION_LABEL: Record<string, string> = {
  viewed: 'Viewed',
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  downloaded: 'Downloaded',
  joined_video: 'Joined video visit',
  left_video: 'Left video visit',
};
export const actionLabel = (action: string) => ACTION_LABEL[action] ?? action;
