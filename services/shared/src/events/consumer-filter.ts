import { ConsumerConfig } from 'nats';
import { busNamespace } from '../rpc/bus';
import { eventSubject } from './event-stream';

/**
 * The durable's filter for the handled types. nats-server 2.10+ takes the exact subjects (`filter_subjects`);
 * 2.9 (Debian's 2.9.10 here) has one filter per consumer: the narrowest wildcard covering them (the owning
 * service's events when every type shares it, else every event; other types are then acknowledged unapplied).
 */
export function filterSubjectsFor(types: string[], serverVersion = '2.9.0'): Pick<ConsumerConfig, 'filter_subject' | 'filter_subjects'> {
  const subjects = [...new Set(types)].sort().map(eventSubject);
  if (supportsManyFilters(serverVersion)) return subjects.length === 1 ? { filter_subject: subjects[0] } : { filter_subjects: subjects };
  return { filter_subject: filterSubjectFor(types) };
}

/**
 * One subject covering the handled types (nats-server 2.9), as narrow as one filter can be: tokens the types share
 * stay, a token where they differ becomes `*`, and where their lengths differ the rest becomes `>`.
 * `appointment.created.v1` + `appointment.deleted.v1` → `appointment.*.v1`, which leaves out
 * `appointment.audit.access-batch.v1` (one per audited read) and `appointment.doctor.approved.v1`: a consumer is not
 * woken, and the server does not deliver, for every event of a service it takes two types from.
 */
export function filterSubjectFor(types: string[]): string {
  const unique = [...new Set(types)].map((type) => type.split('.'));
  const [first] = unique;
  if (!first) return `${busNamespace()}.events.>`;
  const sameLength = unique.every((tokens) => tokens.length === first.length);
  const covering: string[] = [];
  for (let i = 0; i < first.length; i++) {
    const token = first[i];
    if (unique.every((tokens) => tokens[i] === token)) {
      covering.push(token);
      continue;
    }
    if (!sameLength) break;
    covering.push('*');
  }
  // Types of different lengths share only a prefix (which may be all of the shorter one's tokens): `>` covers the rest.
  const subject = sameLength ? covering.join('.') : [...covering, '>'].join('.');
  return `${busNamespace()}.events.${subject}`;
}

/** The event type a message's subject names (`<ns>.events.<type>`), or null for another subject. */
export function eventTypeOfSubject(subject: string): string | null {
  const prefix = `${busNamespace()}.events.`;
  return subject.startsWith(prefix) ? subject.slice(prefix.length) : null;
}

/** `appointment.created.v2` → `appointment.created` (a type without a version stays as it is). */
export function unversioned(type: string): string {
  return type.replace(/\.v\d+$/, '');
}

export function supportsManyFilters(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}
