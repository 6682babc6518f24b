import type { MedicalRecord } from '@afya/prescription-service/contracts';
import { t } from '../../i18n';

/** The record's kind as the page says it ('Appointment' · 'Miadi'). */
export const kindLabel = (r: Pick<MedicalRecord, 'type' | 'condition'>) => t(`history.kind.${r.type}`, { defaultValue: r.condition });

/** Search over condition (as written and as shown), diagnosis and doctor name (CONTRACT.md §2), case-insensitive. */
export function searchRecords(records: MedicalRecord[], search: string): MedicalRecord[] {
  const q = search.trim().toLowerCase();
  if (!q) return records;
  return records.filter((r) => [r.condition, kindLabel(r), r.diagnosis, r.doctor_name, r.doctor_name ? `Dr. ${r.doctor_name}` : null].some((f) => f?.toLowerCase().includes(q)));
}

export const roleLabel = (role: string) => t(`history.roles.${role}`, { defaultValue: role });

export const actionLabel = (action: string) => t(`history.actions.${action}`, { defaultValue: action });

/**
 * Who, as the access log says it: the person's name (else their role and number), and the service that acted for them
 * when one did ('Grace Wanjiku, through the prescription service').
 */
export function actorLabel(entry: { actor_name: string | null; actor_role: string; actor_user_id: number; via?: string | null }): string {
  const who = entry.actor_name ?? `${roleLabel(entry.actor_role)} #${entry.actor_user_id}`;
  return entry.via ? t('history.via', { who, service: entry.via }) : who;
}

/** A refused attempt (the record was not shown): 'denied' by the access rules, or 'not_found' to the actor. */
export const isRefused = (outcome: string) => outcome !== 'success';
