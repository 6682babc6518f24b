import type { DomainEvent } from '@afya/service-shared';
import { AuthEvents } from '@afya/auth-service/contracts';
import { AppointmentEvents } from '@afya/appointment-service/contracts';
import { PaymentEvents } from '@afya/payment-service/contracts';
import { PrescriptionEvents } from '@afya/prescription-service/contracts';
import { SupportEvents } from '@afya/support-service/contracts';
import type {
  ReportingAppointmentData,
  ReportingDoctorData,
  ReportingPaymentData,
  ReportingPrescriptionData,
  ReportingTicketData,
  ReportingUserData,
} from '../read-models/event-data';

/*
 * What each consumed event does to the read models, one event at a time, as pure functions: the row the event
 * finds (null: none) → the row it leaves (null: none), and what it moves in the status counters (rm_counts) and
 * the daily roll-ups (rm_daily). read-models/apply.ts folds a batch through these rules in stream order and writes the outcome
 * set-wise, so a batch of 200 equals 200 single events (and a batch of one is the live case): the rules exist only
 * here. Each mirrors the SQL the handlers ran before (an upsert keeping some stored columns, COALESCE where the old
 * statement had one), so a rebuild gives the same rows as the read models already hold.
 *
 * Stored values keep the text PostgreSQL gave for timestamps, dates and numerics (apply.ts reads them as text), so
 * a row read and written back is unchanged to the microsecond and the cent.
 */

/** A money value as an event carries it (a number) or as PostgreSQL returns numeric (text). */
export type Money = number | string;

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

export type DoctorRow = {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  approval_status: string;
};

export type AppointmentRow = {
  appointment_id: number;
  user_id: number;
  doctor_id: number;
  doctor_user_id: number | null;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  visit_mode: string;
  total_amount: Money;
  status: string;
  paid: boolean;
  booked_at: string;
  updated_at: string;
};

export type PaymentRow = {
  payment_id: number;
  appointment_id: number | null;
  patient_id: number | null;
  doctor_id: number | null;
  amount: Money;
  refunded_amount: Money;
  method: string | null;
  status: string;
  provider_reference: string | null;
  disputed: boolean;
  dispute_reason: string | null;
  occurred_at: string;
  updated_at: string;
};

export type PrescriptionRow = {
  prescription_id: number;
  appointment_id: number | null;
  patient_id: number | null;
  patient_name: string | null;
  doctor_id: number | null;
  doctor_name: string | null;
  /** JSON text (jsonb in the table). */
  medicines: string;
  created_at: string;
  updated_at: string;
};

export type TicketRow = {
  ticket_id: number;
  user_id: number | null;
  status: string;
  priority: string | null;
  category: string | null;
  created_at: string;
  updated_at: string;
};

export type DailyColumn = 'bookings' | 'revenue' | 'new_users' | 'new_doctors';

/** A change of one daily roll-up on the clinic day of `at`; PostgreSQL computes that day, as it always has. */
export interface DailyDelta {
  at: string;
  column: DailyColumn;
  by: Money;
}

/** A change of one rm_counts counter. */
export interface CountDelta {
  key: string;
  by: number;
}

export interface Outcome<Row> {
  row: Row | null;
  counts: CountDelta[];
  daily: DailyDelta[];
}

export const statusKey = (status: string) => `appointments:${status}`;

/**
 * Live users by role and status ('users:<role>:<status>', deleted users not counted): the analytics totals and
 * the overview read these few rows instead of counting rm_users (100,000+ rows at issue 12's scale).
 */
export const userKey = (role: string, status: string) => `users:${role}:${status}`;

/** A roll-up change; none when it is zero (the per-event handlers never wrote a zero, so no row appears for it). */
function daily(at: string, column: DailyColumn, by: Money): DailyDelta[] {
  return by ? [{ at, column, by }] : [];
}

// ---------- users (auth) ----------

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

// ---------- doctors (appointment) ----------

export function applyDoctor(before: DoctorRow | null, event: DomainEvent<ReportingDoctorData>): Outcome<DoctorRow> {
  const d = event.data;
  return {
    row: {
      doctor_id: before?.doctor_id ?? d.doctor_id,
      user_id: d.user_id,
      first_name: d.first_name ?? '',
      last_name: d.last_name ?? '',
      specialization: d.specialization ?? null,
      approval_status: d.approval_status,
    },
    counts: [],
    daily: [],
  };
}

// ---------- appointments (appointment) ----------

export function applyAppointment(before: AppointmentRow | null, event: DomainEvent<ReportingAppointmentData>): Outcome<AppointmentRow> {
  const d = event.data;
  const row: AppointmentRow = {
    appointment_id: before?.appointment_id ?? d.appointment_id,
    user_id: d.user_id,
    doctor_id: d.doctor_id,
    doctor_user_id: d.doctor_user_id ?? null,
    appointment_date: d.appointment_date,
    time_slot: d.time_slot,
    appointment_type: d.appointment_type,
    // Events from before video visits carry no mode: those visits were in person.
    visit_mode: d.visit_mode ?? before?.visit_mode ?? 'in_person',
    total_amount: d.total_amount ?? 0,
    status: d.appointment_status,
    paid: d.paid ?? false,
    booked_at: before?.booked_at ?? event.occurredAt,
    updated_at: event.occurredAt,
  };
  if (!before) return { row, counts: [{ key: statusKey(row.status), by: 1 }], daily: daily(event.occurredAt, 'bookings', 1) };
  const counts = before.status === row.status ? [] : [{ key: statusKey(before.status), by: -1 }, { key: statusKey(row.status), by: 1 }];
  return { row, counts, daily: [] };
}

/** A deleted appointment leaves the bookings of the day it was booked and its status's counter. */
export function removeAppointment(before: AppointmentRow | null): Outcome<AppointmentRow> {
  if (!before) return { row: null, counts: [], daily: [] };
  return { row: null, counts: [{ key: statusKey(before.status), by: -1 }], daily: daily(before.booked_at, 'bookings', -1) };
}

// ---------- payments (payment) ----------

/**
 * completed | failed | refunded set the status (a dispute keeps it); revenue counts a completion once (a
 * redelivered or repeated completion adds nothing) on the day it happened, and a refund takes its amount off the
 * refund's day.
 */
export function applyPayment(before: PaymentRow | null, event: DomainEvent<ReportingPaymentData>): Outcome<PaymentRow> {
  const d = event.data;
  const at = d.occurred_at ?? event.occurredAt;
  const type = event.type;
  const status = type === PaymentEvents.completed ? 'completed' : type === PaymentEvents.failed ? 'failed' : type === PaymentEvents.refunded ? 'refunded' : (before?.status ?? d.status ?? 'pending');
  const row: PaymentRow = {
    payment_id: before?.payment_id ?? d.payment_id,
    appointment_id: d.appointment_id ?? before?.appointment_id ?? null,
    patient_id: d.patient_id ?? before?.patient_id ?? null,
    doctor_id: d.doctor_id ?? before?.doctor_id ?? null,
    // an event without an amount (a dispute) keeps the stored one
    amount: before && d.amount === undefined ? before.amount : (d.amount ?? 0),
    refunded_amount: before?.refunded_amount ?? 0,
    method: d.method ?? before?.method ?? null,
    status,
    provider_reference: d.provider_reference ?? before?.provider_reference ?? null,
    disputed: before?.disputed ?? false,
    dispute_reason: before?.dispute_reason ?? null,
    // the payment's time is its completion's (a later refund or dispute has its own updated_at)
    occurred_at: before && type !== PaymentEvents.completed ? before.occurred_at : at,
    updated_at: event.occurredAt,
  };
  const revenue: DailyDelta[] = [];
  if (type === PaymentEvents.completed && before?.status !== 'completed') revenue.push(...daily(at, 'revenue', d.amount ?? 0));
  if (type === PaymentEvents.refunded) {
    const refund = d.refund_amount ?? d.amount ?? 0;
    row.refunded_amount = addMoney(row.refunded_amount, refund);
    revenue.push(...daily(at, 'revenue', -refund));
  }
  if (type === PaymentEvents.disputed) {
    row.disputed = true;
    row.dispute_reason = d.reason ?? null;
  }
  return { row, counts: [], daily: revenue };
}

/**
 * a + b as PostgreSQL stores it in a numeric(12, 2) column: exact decimal arithmetic, rounded half away from zero
 * to cents (binary floating point would drift: 0.1 + 0.2). Text PostgreSQL would not read as a number is refused.
 */
export function addMoney(a: Money, b: Money): string {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale, 2);
  const sum = x.units * 10n ** BigInt(scale - x.scale) + y.units * 10n ** BigInt(scale - y.scale);
  const divisor = 10n ** BigInt(scale - 2);
  const magnitude = sum < 0n ? -sum : sum;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  return `${sum < 0n && cents > 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function decimal(value: Money): { units: bigint; scale: number } {
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || !(match[2] || match[3])) throw new Error(`invalid input syntax for type numeric: "${text}"`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

// ---------- prescriptions (prescription) ----------

export function applyPrescription(before: PrescriptionRow | null, event: DomainEvent<ReportingPrescriptionData>): Outcome<PrescriptionRow> {
  const d = event.data;
  const medicines = typeof d.medicines === 'string' ? d.medicines : JSON.stringify(d.medicines ?? []);
  return {
    row: {
      prescription_id: before?.prescription_id ?? d.prescription_id,
      appointment_id: d.appointment_id ?? null,
      patient_id: d.patient_id ?? null,
      patient_name: d.patient_name ?? null,
      doctor_id: d.doctor_id ?? null,
      doctor_name: d.doctor_name ?? null,
      medicines: jsonOrEmpty(medicines),
      created_at: before?.created_at ?? d.created_at ?? event.occurredAt,
      updated_at: d.updated_at ?? event.occurredAt,
    },
    counts: [],
    daily: [],
  };
}

/** Medicines that are not JSON (an older producer's free text) are kept as a one-element list. */
function jsonOrEmpty(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return JSON.stringify([text]);
  }
}

// ---------- support tickets (support) ----------

export function applyTicket(before: TicketRow | null, event: DomainEvent<ReportingTicketData>): Outcome<TicketRow> {
  const d = event.data;
  return {
    row: {
      ticket_id: before?.ticket_id ?? d.ticket_id,
      user_id: d.user_id ?? before?.user_id ?? null,
      status: d.status ?? 'open',
      priority: d.priority ?? before?.priority ?? null,
      category: d.category ?? before?.category ?? null,
      created_at: before?.created_at ?? d.created_at ?? event.occurredAt,
      updated_at: d.updated_at ?? event.occurredAt,
    },
    counts: [],
    daily: [],
  };
}

/** Prescription and ticket deletions: the row goes, nothing else moves. */
export function removeRow<Row>(): Outcome<Row> {
  return { row: null, counts: [], daily: [] };
}

// ---------- a batch: the rules folded in stream order ----------

export interface TableShape {
  key: string;
  /** Columns and their types, as in the migration. */
  columns: Record<string, 'integer' | 'text' | 'boolean' | 'numeric' | 'date' | 'timestamptz' | 'jsonb'>;
  /** NOT NULL columns without a default the events must fill: checked after each event, as the database did. */
  required: string[];
}

/** The read models' rows as the migrations define them (apply.ts writes them with this). */
export const READ_MODEL_SHAPES: Record<ReadModelTable, TableShape> = {
  rm_users: {
    key: 'user_id',
    columns: {
      user_id: 'integer', firstname: 'text', lastname: 'text', email: 'text', role: 'text', status: 'text', contact_phone: 'text',
      deleted: 'boolean', registered_at: 'timestamptz', updated_at: 'timestamptz',
    },
    required: ['role', 'registered_at', 'updated_at'],
  },
  rm_doctors: {
    key: 'doctor_id',
    columns: { doctor_id: 'integer', user_id: 'integer', first_name: 'text', last_name: 'text', specialization: 'text', approval_status: 'text' },
    required: ['user_id', 'approval_status'],
  },
  rm_appointments: {
    key: 'appointment_id',
    columns: {
      appointment_id: 'integer', user_id: 'integer', doctor_id: 'integer', doctor_user_id: 'integer', appointment_date: 'date', time_slot: 'text',
      appointment_type: 'text', visit_mode: 'text', total_amount: 'numeric', status: 'text', paid: 'boolean', booked_at: 'timestamptz', updated_at: 'timestamptz',
    },
    required: ['user_id', 'doctor_id', 'appointment_date', 'time_slot', 'appointment_type', 'status', 'booked_at', 'updated_at'],
  },
  rm_payments: {
    key: 'payment_id',
    columns: {
      payment_id: 'integer', appointment_id: 'integer', patient_id: 'integer', doctor_id: 'integer', amount: 'numeric', refunded_amount: 'numeric',
      method: 'text', status: 'text', provider_reference: 'text', disputed: 'boolean', dispute_reason: 'text', occurred_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    required: ['occurred_at', 'updated_at'],
  },
  rm_prescriptions: {
    key: 'prescription_id',
    columns: {
      prescription_id: 'integer', appointment_id: 'integer', patient_id: 'integer', patient_name: 'text', doctor_id: 'integer', doctor_name: 'text',
      medicines: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    required: ['created_at', 'updated_at'],
  },
  rm_tickets: {
    key: 'ticket_id',
    columns: { ticket_id: 'integer', user_id: 'integer', status: 'text', priority: 'text', category: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
    required: ['created_at', 'updated_at'],
  },
};

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

export type ReadModelTable = 'rm_users' | 'rm_doctors' | 'rm_appointments' | 'rm_payments' | 'rm_prescriptions' | 'rm_tickets';

/** A row as the fold holds it between the rules (one of the Row types above). */
export type StoredRow = Record<string, unknown>;

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
