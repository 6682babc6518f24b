import type { DomainEvent } from '@afya/service-shared';
import { AuthEvents } from '@afya/auth-service/contracts';
import type { ReportingUserData } from '../read-models/event-data';
import { CountDelta, daily, Outcome } from './read-model-outcome';

// rm_users, from auth's user events.

export type UserRow = {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  role: string;
  status: string;
  contact_phone: string | null;
  deleted: boolean;
  registered_at: string;
  updated_at: string;
};

/**
 * Live users by role and status ('users:<role>:<status>', deleted users not counted): the analytics totals and
 * the overview read these few rows instead of counting rm_users (100,000+ rows at issue 12's scale).
 */
export const userKey = (role: string, status: string) => `users:${role}:${status}`;

export function applyUser(before: UserRow | null, event: DomainEvent<ReportingUserData>, deleted = false): Outcome<UserRow> {
  const d = event.data;
  const row: UserRow = {
    user_id: before?.user_id ?? d.user_id,
    firstname: d.firstname ?? '',
    lastname: d.lastname ?? '',
    email: d.email ?? before?.email ?? null,
    role: d.role,
    status: d.status ?? 'active',
    contact_phone: d.contact_phone ?? null,
    deleted: (before?.deleted ?? false) || deleted,
    registered_at: before?.registered_at ?? event.occurredAt,
    updated_at: event.occurredAt,
  };
  const keyBefore = before && !before.deleted ? userKey(before.role, before.status) : null;
  const keyAfter = row.deleted ? null : userKey(row.role, row.status);
  const counts: CountDelta[] = [];
  if (keyBefore !== keyAfter) {
    if (keyBefore) counts.push({ key: keyBefore, by: -1 });
    if (keyAfter) counts.push({ key: keyAfter, by: 1 });
  }
  // The roll-ups of the registration day count the accounts registered that day that the totals count now: a
  // deletion, a suspension or a role change moves them on that day, so "new in a period" never exceeds the total.
  const day = row.registered_at;
  const registered = [
    ...daily(day, 'new_users', Number(isLiveUser(row)) - Number(isLiveUser(before))),
    ...daily(day, 'new_doctors', Number(isActiveDoctor(row)) - Number(isActiveDoctor(before))),
  ];
  return { row, counts, daily: registered };
}

/** An account the "Total Users" figure counts: any role and status, not deleted (the 'users:%' counters). */
export const isLiveUser = (row: Pick<UserRow, 'deleted'> | null): boolean => !!row && !row.deleted;

/** An account the "Active Doctors" figure counts (the 'users:doctor:active' counter). */
export const isActiveDoctor = (row: Pick<UserRow, 'deleted' | 'role' | 'status'> | null): boolean =>
  isLiveUser(row) && row!.role === 'doctor' && row!.status === 'active';

/** An erased account: its id and the anonymised names its user.deleted event carries ('Erased', 'user'). */
export interface Erasure {
  user_id: number;
  firstname: string;
  lastname: string;
  /** The full name as other rows show it ('Erased user'). */
  name: string | null;
}

/**
 * The accounts a batch erases (user.deleted with `erased`), in stream order. Their rm_users row follows applyUser
 * (the event carries the anonymised fields); the names other read models copied from other services' events
 * (rm_prescriptions, rm_doctors) are rows keyed by something else, so apply.ts replaces them set-wise after the fold.
 */
export function erasuresIn(events: DomainEvent[]): Erasure[] {
  return events
    .filter((event) => event.type === AuthEvents.deleted && (event.data as ReportingUserData | undefined)?.erased && (event.data as ReportingUserData).user_id)
    .map((event) => {
      const d = event.data as ReportingUserData;
      const firstname = d.firstname ?? '';
      const lastname = d.lastname ?? '';
      return { user_id: d.user_id, firstname, lastname, name: [firstname, lastname].filter((part) => part.trim()).join(' ') || null };
    });
}
