import { busNamespace } from '../rpc/bus';

/**
 * One JetStream stream per bus namespace holds every domain event: `<ns>.events.<type>`, where a type starts with
 * the owning service and ends with its version (`appointment.created.v1`, `auth.user.registered.v1`).
 */
export function eventStreamName(): string {
  return `${busNamespace().replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase()}_EVENTS`;
}

export function eventSubject(type: string): string {
  return `${busNamespace()}.events.${type}`;
}

/** Events that a consumer gave up on after its maximum deliveries: `<STREAM>_DLQ`, subjects `<ns>.dlq.>`. */
export function deadLetterStreamName(): string {
  return `${eventStreamName()}_DLQ`;
}

/**
 * Where a consumer puts an event it gave up on: `<ns>.dlq.<consuming service>.<durable>.<event type>`. The first
 * token is the service that publishes the dead letter (its bus user may publish `<ns>.dlq.<service>.>` only).
 */
export function deadLetterSubject(service: string, durable: string, eventSubjectName: string): string {
  const prefix = `${busNamespace()}.events.`;
  const type = eventSubjectName.startsWith(prefix) ? eventSubjectName.slice(prefix.length) : 'unknown';
  return `${busNamespace()}.dlq.${service}.${durable}.${type}`;
}
