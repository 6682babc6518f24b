import type { DomainEvent } from '@afya/service-shared';
import { AuthEvents } from '@afya/auth-service/contracts';
import { AppointmentEvents } from '@afya/appointment-service/contracts';
import { PaymentEvents } from '@afya/payment-service/contracts';
import { PrescriptionEvents } from '@afya/prescription-service/contracts';
import { SupportEvents } from '@afya/support-service/contracts';
import type { ReportingPrescriptionData, ReportingTicketData, ReportingUserData } from '../read-models/event-data';
import { DailyDelta, Outcome, removeRow } from './read-model-outcome';
import { READ_MODEL_SHAPES, ReadModelTable, StoredRow } from './read-model-shapes';
import { applyAppointment, removeAppointment } from './rm-appointments.rules';
import { applyDoctor } from './rm-doctors.rules';
import { applyPayment } from './rm-payments.rules';
import { applyPrescription, PrescriptionRow } from './rm-prescriptions.rules';
import { applyTicket, TicketRow } from './rm-tickets.rules';
import { applyUser, UserRow } from './rm-users.rules';

/*
 * What each consumed event does to the read models, one event at a time, as pure functions: the row the event
 * finds (null: none) → the row it leaves (null: none), and what it moves in the status counters (rm_counts) and
 * the daily roll-ups (rm_daily). read-models/apply.ts folds a batch through these rules in stream order and writes the outcome
 * set-wise, so a batch of 200 equals 200 single events (and a batch of one is the live case): the rules exist only
 * here (one rm-<table>.rules.ts per read model; this file folds a batch and names each event type's rule). Each
 * mirrors the SQL the handlers ran before (an upsert keeping some stored columns, COALESCE where the old statement
 * had one), so a rebuild gives the same rows as the read models already hold.
 *
 * Stored values keep the text PostgreSQL gave for timestamps, dates and numerics (apply.ts reads them as text), so
 * a row read and written back is unchanged to the microsecond and the cent.
 */

// ---------- a batch: the rules folded in stream order ----------

/** One row a batch is about: as found (locked) and as the events so far leave it (null: no row). */
export interface Touched {
  before: StoredRow | null;
  after: StoredRow | null;
}

export interface Folded {
  /** By table, by row id. */
  rows: Map<ReadModelTable, Map<string, Touched>>;
  /** Net change per counter key; a key whose changes cancel out is kept (the per-event upserts created its row). */
  counts: Map<string, number>;
  daily: DailyDelta[];
}

/** Ids are integer columns: 7, "7" and "07" are one row. Anything else is left for PostgreSQL to refuse. */
export function rowId(id: unknown): string {
  const text = String(id).trim();
  return /^[+-]?\d+$/.test(text) ? BigInt(text).toString() : text;
}

/** The rows the events are about, by table (ids in first-seen order). */
export function rowsConcerned(events: DomainEvent[]): Map<ReadModelTable, string[]> {
  const ids = new Map<ReadModelTable, Set<string>>();
  for (const event of events) {
    const rule = READ_MODEL_RULES[event.type];
    const id = rule?.id(event);
    if (!rule || !id) continue;
    if (!ids.has(rule.table)) ids.set(rule.table, new Set());
    ids.get(rule.table)!.add(rowId(id));
  }
  return new Map([...ids].map(([table, set]) => [table, [...set]]));
}

/**
 * Applies the events in order to the rows found (those of rowsConcerned that exist) and returns the rows they
 * leave with the counter and roll-up changes: the same as applying them one by one.
 */
export function foldEvents(events: DomainEvent[], found: Map<ReadModelTable, StoredRow[]>): Folded {
  const rows = new Map<ReadModelTable, Map<string, Touched>>();
  const counts = new Map<string, number>();
  const daily: DailyDelta[] = [];
  for (const event of events) {
    const rule = READ_MODEL_RULES[event.type];
    const rawId = rule?.id(event);
    if (!rule || !rawId) continue;
    let table = rows.get(rule.table);
    if (!table) {
      const { key } = READ_MODEL_SHAPES[rule.table];
      table = new Map((found.get(rule.table) ?? []).map((row) => [rowId(row[key]), { before: row, after: row }]));
      rows.set(rule.table, table);
    }
    const id = rowId(rawId);
    let touched = table.get(id);
    if (!touched) {
      touched = { before: null, after: null };
      table.set(id, touched);
    }
    const outcome = rule.apply(touched.after, event);
    if (outcome.row) refuseMissing(rule.table, outcome.row, event);
    touched.after = outcome.row;
    for (const { key, by } of outcome.counts) counts.set(key, (counts.get(key) ?? 0) + by);
    daily.push(...outcome.daily);
  }
  return { rows, counts, daily };
}

/**
 * A row missing a NOT NULL value is refused at the event that leaves it so, as the per-row statement was: the batch
 * fails and its events are applied one per transaction, where this event alone fails (retries, dead letter), even if
 * a later event of the batch would have filled the value in.
 */
function refuseMissing(table: ReadModelTable, row: StoredRow, event: DomainEvent): void {
  const missing = READ_MODEL_SHAPES[table].required.filter((column) => row[column] === null || row[column] === undefined);
  if (missing.length) throw new Error(`${event.type} ${event.id}: null value in column(s) ${missing.join(', ')} of ${table}`);
}

// ---------- which rule each event type follows ----------

export interface EventRule {
  table: ReadModelTable;
  /** The id of the row the event is about; an event without one changes nothing (as it never did). */
  id: (event: DomainEvent) => unknown;
  apply: (before: StoredRow | null, event: DomainEvent) => Outcome<StoredRow>;
}

/** Erases a rule's row and data types for the table of rules; each rule is typed where it is written. */
function on<Row, Data>(table: ReadModelTable, idField: keyof Data & string, apply: (before: Row | null, event: DomainEvent<Data>) => Outcome<Row>): EventRule {
  return {
    table,
    id: (event) => (event.data as Partial<Record<string, unknown>> | null | undefined)?.[idField],
    apply: apply as unknown as EventRule['apply'],
  };
}

/** Every event type the reporting service consumes and the rule it follows. */
export const READ_MODEL_RULES: Readonly<Record<string, EventRule>> = {
  [AuthEvents.registered]: on('rm_users', 'user_id', applyUser),
  [AuthEvents.updated]: on('rm_users', 'user_id', applyUser),
  [AuthEvents.deleted]: on('rm_users', 'user_id', (before: UserRow | null, event: DomainEvent<ReportingUserData>) => applyUser(before, event, true)),
  [AppointmentEvents.doctorApproved]: on('rm_doctors', 'doctor_id', applyDoctor),
  [AppointmentEvents.doctorUpdated]: on('rm_doctors', 'doctor_id', applyDoctor),
  [AppointmentEvents.created]: on('rm_appointments', 'appointment_id', applyAppointment),
  [AppointmentEvents.updated]: on('rm_appointments', 'appointment_id', applyAppointment),
  [AppointmentEvents.cancelled]: on('rm_appointments', 'appointment_id', applyAppointment),
  [AppointmentEvents.deleted]: on('rm_appointments', 'appointment_id', removeAppointment),
  [PaymentEvents.completed]: on('rm_payments', 'payment_id', applyPayment),
  [PaymentEvents.refunded]: on('rm_payments', 'payment_id', applyPayment),
  [PaymentEvents.failed]: on('rm_payments', 'payment_id', applyPayment),
  [PaymentEvents.disputed]: on('rm_payments', 'payment_id', applyPayment),
  [PrescriptionEvents.created]: on('rm_prescriptions', 'prescription_id', applyPrescription),
  [PrescriptionEvents.updated]: on('rm_prescriptions', 'prescription_id', applyPrescription),
  [PrescriptionEvents.deleted]: on<PrescriptionRow, ReportingPrescriptionData>('rm_prescriptions', 'prescription_id', removeRow),
  [SupportEvents.created]: on('rm_tickets', 'ticket_id', applyTicket),
  [SupportEvents.updated]: on('rm_tickets', 'ticket_id', applyTicket),
  [SupportEvents.deleted]: on<TicketRow, ReportingTicketData>('rm_tickets', 'ticket_id', removeRow),
};
