import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, forbidden, notFound, PageRequest, pageOf, Principal, recordEvent, RpcFailure } from '@afya/service-shared';
import {
  ContactPayload,
  ContactReply,
  CreateTicketPayload,
  DataExportTicketsReply,
  DeleteTicketReply,
  DoctorTicketListReply,
  ListAllTicketsPayload,
  PostMessagePayload,
  PostMessageReply,
  SetTicketStatusPayload,
  SupportEvents,
  SupportMessages,
  SupportStatsReply,
  TicketListReply,
  TicketMessageEventData,
  TicketMessagesReply,
  TicketMessageView,
  TicketReply,
  UnreadReply,
  UpdateTicketPayload,
} from '../../contracts';
import {
  Access,
  accessTo,
  canDelete,
  canEdit,
  canPost,
  canRead,
  canSetStatus,
  contactTicket,
  isTicketStatus,
  mergeTicketFields,
  messageText,
  statusAfterMessage,
  statusOf,
  ticketFields,
  Verdict,
} from '../rules/tickets';
import { TicketCare } from './ticket-care';
import { MESSAGE_SELECT, TICKET_ORDER, TICKET_SELECT, TicketRow, toDoctorTicketView, toMessageView, toTicketEventData, toTicketView } from './ticket.sql';


function enforce(verdict: Verdict): void {
  if (!verdict.ok) throw new RpcFailure(verdict.status, verdict.message);
}

const viewerOf = (access: Access): 'owner' | 'admin' | 'doctor' => (access === 'admin' ? 'admin' : access === 'owner' ? 'owner' : 'doctor');

@Injectable()
export class TicketsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly care: TicketCare,
  ) {}

  // ---------- one ticket ----------

  private async row(id: number, manager: EntityManager, lock = false): Promise<TicketRow | null> {
    const rows: TicketRow[] = await manager.query(
      `${TICKET_SELECT} WHERE t.ticket_id = $1 AND t.deleted_at IS NULL${lock ? ' FOR UPDATE OF t' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * The ticket and what the actor may do with it; a ticket the actor cannot see is 404. A doctor sees a patient's
   * ticket only when it is linked to an appointment with them and they are caring for the patient now (TicketCare);
   * a doctor's refused attempt on a patient's ticket is audited.
   */
  private async load(actor: Principal, id: number, manager: EntityManager = this.dataSource.manager, lock = false, requestId?: string) {
    if (!Number.isInteger(id) || id <= 0) throw notFound(SupportMessages.notFound);
    const row = await this.row(id, manager, lock);
    if (!row) throw notFound(SupportMessages.notFound);
    const doctorMayRead = actor.role === 'doctor' && row.user_id !== null && row.user_id !== actor.userId && (await this.care.doctorMayRead(actor.userId, row, manager));
    const access = accessTo(actor, row, doctorMayRead);
    if (access === 'none' && actor.role === 'doctor' && row.user_id !== null) {
      const denial = this.care.record(actor, 'denied', [row], requestId);
      // Inside a transaction, waiting for another pooled connection could starve the pool: the entry is written beside it.
      if (manager === this.dataSource.manager) await denial;
      else denial.catch(() => undefined);
    }
    enforce(canRead(access));
    return { row, access };
  }

  /** GET /support/{id}; a doctor's read goes in the patient's access log before the ticket leaves. */
  async get(actor: Principal, id: number, requestId?: string): Promise<TicketReply> {
    const { row, access } = await this.load(actor, id, this.dataSource.manager, false, requestId);
    if (access === 'doctor-read') await this.care.record(actor, 'success', [row], requestId);
    return { complaint: toTicketView(row, viewerOf(access)), message: 'OK' };
  }

  // ---------- lists ----------

  /** GET /support: the caller's own tickets, newest first (admins: every ticket, as the desk's first page). */
  async listOwn(actor: Principal, request: PageRequest = {}): Promise<TicketListReply> {
    if (actor.role === 'admin') return this.listAll(actor, request);
    const { limit, offset } = pageOf(request);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(`${TICKET_SELECT} WHERE t.user_id = $1 AND t.deleted_at IS NULL ${TICKET_ORDER} LIMIT $2 OFFSET $3`, [
        actor.userId,
        limit,
        offset,
      ]) as Promise<TicketRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total FROM tickets t WHERE t.user_id = $1 AND t.deleted_at IS NULL`, [actor.userId]) as Promise<
        { total: number }[]
      >,
    ]);
    return { complaints: rows.map((row) => toTicketView(row, 'owner')), total };
  }

  /**
   * GET /support/doctor: the tickets linked to one of this doctor's appointments with their owner, of the patients
   * the doctor is caring for now (read-only), a page and the total. The page is a read of each ticket: audited before
   * it leaves.
   */
  async listForDoctor(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<DoctorTicketListReply> {
    if (actor.role !== 'doctor') throw forbidden();
    const patients = await this.care.patientsInCare(actor.userId);
    if (!patients.length) return { complaints: [], total: 0 };
    const { limit, offset } = pageOf(request);
    const linked = 'FROM tickets t JOIN appointment_directory ad ON ad.appointment_id = t.related_appointment_id AND ad.user_id = t.user_id';
    const where = 'WHERE t.deleted_at IS NULL AND ad.doctor_user_id = $1 AND NOT ad.deleted AND t.user_id <> $1 AND t.user_id = ANY($2::int[])';
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `${TICKET_SELECT.replace('FROM tickets t', linked).replace('u.contact_phone AS user_phone', 'u.contact_phone AS user_phone, ad.appointment_date::text AS appointment_date')}
       ${where} ${TICKET_ORDER} LIMIT $3 OFFSET $4`,
        [actor.userId, patients, limit, offset],
      ) as Promise<TicketRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS total ${linked} ${where}`, [actor.userId, patients]) as Promise<{ total: number }[]>,
    ]);
    await this.care.record(actor, 'success', rows, requestId);
    return { complaints: rows.map(toDoctorTicketView), total };
  }

  /** The caller's part of their data export: their own tickets (contact-form ones linked to them included) and each conversation. */
  async dataExport(actor: Principal): Promise<Pick<DataExportTicketsReply, 'tickets'>> {
    const rows: TicketRow[] = await this.dataSource.query(`${TICKET_SELECT} WHERE t.user_id = $1 AND t.deleted_at IS NULL ORDER BY t.created_at, t.ticket_id`, [actor.userId]);
    const messages: (Omit<TicketMessageView, 'created_at'> & { created_at: Date })[] = rows.length
      ? await this.dataSource.query(`${MESSAGE_SELECT} WHERE m.ticket_id = ANY($1::int[]) ORDER BY m.created_at, m.message_id`, [rows.map((r) => r.ticket_id)])
      : [];
    return {
      tickets: rows.map((row) => ({ ...toTicketView(row, 'owner'), messages: messages.filter((m) => m.ticket_id === row.ticket_id).map(toMessageView) })),
    };
  }

  /** GET /support/all?search=&status=&page=&limit= (admins): search over subject, user name and email. */
  async listAll(actor: Principal, query: ListAllTicketsPayload): Promise<TicketListReply> {
    if (actor.role !== 'admin') throw forbidden();
    const { limit, offset } = pageOf(query);
    if (query.status !== undefined && !isTicketStatus(query.status)) throw badRequest(SupportMessages.status);
    const search = (query.search ?? '').trim().slice(0, 200);
    const params: unknown[] = [];
    const where = ['t.deleted_at IS NULL'];
    if (query.status) {
      params.push(query.status);
      where.push(query.status === 'open' ? `COALESCE(t.status, 'open') = $${params.length}` : `t.status = $${params.length}`);
    }
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where.push(`(t.subject ILIKE ${p} OR COALESCE(u.firstname || ' ' || u.lastname, t.contact_name, '') ILIKE ${p}
                   OR COALESCE(u.email, t.contact_email, '') ILIKE ${p} OR COALESCE(t.contact_name, '') ILIKE ${p})`);
    }
    const filter = `WHERE ${where.join(' AND ')}`;
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM tickets t LEFT JOIN user_directory u ON u.user_id = t.user_id ${filter}`,
      params,
    );
    const rows: TicketRow[] = await this.dataSource.query(
      `${TICKET_SELECT} ${filter} ${TICKET_ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return { complaints: rows.map((row) => toTicketView(row, 'admin')), total };
  }

  // ---------- changes ----------

  /** POST /support: a patient or doctor opens a ticket about their own account or appointment. */
  async create(actor: Principal, payload: CreateTicketPayload): Promise<TicketReply> {
    if (actor.role === 'admin') throw forbidden('Admins answer tickets; patients and doctors open them');
    const parsed = ticketFields(payload ?? {});
    if ('error' in parsed) throw badRequest(parsed.error);
    const { fields } = parsed;
    return this.dataSource.transaction(async (manager) => {
      await this.assertOwnAppointment(actor, fields.related_appointment_id, manager);
      const [{ ticket_id }]: { ticket_id: number }[] = await manager.query(
        `INSERT INTO tickets (user_id, subject, description, priority, category, related_appointment_id, status, last_owner_activity_at, owner_read_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', now(), now()) RETURNING ticket_id`,
        [actor.userId, fields.subject, fields.description, fields.priority, fields.category, fields.related_appointment_id],
      );
      const row = (await this.row(ticket_id, manager))!;
      await recordEvent(manager, SupportEvents.created, toTicketEventData(row));
      return { complaint: toTicketView(row, 'owner'), message: SupportMessages.created };
    });
  }

  /** The related appointment must be one of the caller's own (as patient, or as the doctor seen). */
  private async assertOwnAppointment(actor: Principal, appointmentId: number | null, manager: EntityManager): Promise<void> {
    if (appointmentId === null) return;
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM appointment_directory WHERE appointment_id = $1 AND NOT deleted AND (user_id = $2 OR doctor_user_id = $2)`,
      [appointmentId, actor.userId],
    );
    if (!rows.length) throw badRequest(SupportMessages.appointmentNotYours);
  }

  /** PATCH /support/{id}: the owner edits subject, description, category, priority while the ticket is not finished. */
  async update(actor: Principal, { id, changes }: UpdateTicketPayload): Promise<TicketReply> {
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.load(actor, id, manager, true);
      enforce(canEdit(access, row));
      const parsed = mergeTicketFields(row, changes ?? {});
      if ('error' in parsed) throw badRequest(parsed.error);
      const { fields } = parsed;
      if (fields.related_appointment_id !== row.related_appointment_id) await this.assertOwnAppointment(actor, fields.related_appointment_id, manager);
      await manager.query(
        `UPDATE tickets SET subject = $2, description = $3, category = $4, priority = $5, related_appointment_id = $6, updated_at = now()
          WHERE ticket_id = $1`,
        [id, fields.subject, fields.description, fields.category, fields.priority, fields.related_appointment_id],
      );
      const updated = (await this.row(id, manager))!;
      await recordEvent(manager, SupportEvents.updated, toTicketEventData(updated));
      return { complaint: toTicketView(updated, 'owner'), message: SupportMessages.updated };
    });
  }

  /** PATCH /support/{id}/status: admins any status, owners only closed. */
  async setStatus(actor: Principal, { id, status }: SetTicketStatusPayload): Promise<TicketReply> {
    if (!isTicketStatus(status)) throw badRequest(SupportMessages.status);
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.load(actor, id, manager, true);
      enforce(canSetStatus(access, status));
      if (statusOf(row) === status && row.status !== null) return { complaint: toTicketView(row, viewerOf(access)), message: SupportMessages.statusUpdated };
      await manager.query(`UPDATE tickets SET status = $2, updated_at = now() WHERE ticket_id = $1`, [id, status]);
      const updated = (await this.row(id, manager))!;
      await recordEvent(manager, SupportEvents.updated, toTicketEventData(updated, row.status));
      return { complaint: toTicketView(updated, viewerOf(access)), message: SupportMessages.statusUpdated };
    });
  }

  /** DELETE /support/{id}: soft (kept for audit); the owner or an admin. */
  async remove(actor: Principal, id: number): Promise<DeleteTicketReply> {
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.load(actor, id, manager, true);
      enforce(canDelete(access));
      await manager.query(`UPDATE tickets SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE ticket_id = $1`, [id, actor.userId]);
      await recordEvent(manager, SupportEvents.deleted, { ...toTicketEventData(row), updated_at: new Date().toISOString() });
      return { message: SupportMessages.deleted, complaint_id: id };
    });
  }

  // ---------- the conversation ----------

  /** GET /support/{id}/messages: oldest first; opening the conversation marks it read for that side. */
  async messages(actor: Principal, id: number, requestId?: string): Promise<TicketMessagesReply> {
    const { row, access } = await this.load(actor, id, this.dataSource.manager, false, requestId);
    if (access === 'doctor-read') await this.care.record(actor, 'success', [row], requestId);
    if (access === 'owner') await this.dataSource.query(`UPDATE tickets SET owner_read_at = now() WHERE ticket_id = $1`, [id]);
    if (access === 'admin') await this.dataSource.query(`UPDATE tickets SET staff_read_at = now() WHERE ticket_id = $1`, [id]);
    const rows = await this.dataSource.query(`${MESSAGE_SELECT} WHERE m.ticket_id = $1 ORDER BY m.created_at, m.message_id`, [id]);
    return { messages: rows.map(toMessageView) };
  }

  /** POST /support/{id}/messages: the owner or an admin; the status follows statusAfterMessage. */
  async postMessage(actor: Principal, { id, message }: PostMessagePayload): Promise<PostMessageReply> {
    const parsed = messageText(message);
    if ('error' in parsed) throw badRequest(parsed.error);
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.load(actor, id, manager, true);
      enforce(canPost(access));
      const staff = access === 'admin';
      const [inserted] = await manager.query(
        `INSERT INTO ticket_messages (ticket_id, sender_role, sender_id, message) VALUES ($1, $2, $3, $4)
         RETURNING message_id, created_at`,
        [id, actor.role, actor.userId, parsed.message],
      );
      const next = statusAfterMessage(row.status, staff);
      await manager.query(
        `UPDATE tickets SET status = $2, messages_count = messages_count + 1, last_message_at = $3, updated_at = now(),
                ${staff ? 'last_staff_message_at = $3, staff_read_at = $3' : 'last_owner_activity_at = $3, owner_read_at = $3'}
          WHERE ticket_id = $1`,
        [id, next, inserted.created_at],
      );
      const updated = (await this.row(id, manager))!;
      const [created] = await manager.query(`${MESSAGE_SELECT} WHERE m.message_id = $1`, [inserted.message_id]);
      const event: TicketMessageEventData = {
        ticket_id: id,
        message_id: inserted.message_id,
        sender_role: actor.role,
        sender_id: actor.userId,
        created_at: new Date(inserted.created_at).toISOString(),
      };
      await recordEvent(manager, SupportEvents.messageCreated, event);
      if (statusOf(row) !== next) await recordEvent(manager, SupportEvents.updated, toTicketEventData(updated, row.status));
      return { data: toMessageView(created), complaint: toTicketView(updated, viewerOf(access)), message: SupportMessages.replySent };
    });
  }

  // ---------- the public contact form ----------

  /** POST /api/contact: a ticket in the admin's desk, linked to the account whose email it is (if any). */
  async contact(payload: ContactPayload): Promise<ContactReply> {
    const parsed = contactTicket(payload ?? {});
    if ('error' in parsed) throw badRequest(parsed.error);
    const { ticket } = parsed;
    return this.dataSource.transaction(async (manager) => {
      const [{ ticket_id }]: { ticket_id: number }[] = await manager.query(
        `INSERT INTO tickets (user_id, source, subject, description, category, priority, status, contact_name, contact_email, last_owner_activity_at)
         VALUES ((SELECT user_id FROM user_directory WHERE lower(email) = $1 AND NOT deleted ORDER BY user_id LIMIT 1),
                 'contact', $2, $3, $4, 'medium', 'open', $5, $1, now())
         RETURNING ticket_id`,
        [ticket.email, ticket.subject, ticket.description, ticket.category, ticket.name],
      );
      const row = (await this.row(ticket_id, manager))!;
      await recordEvent(manager, SupportEvents.created, toTicketEventData(row));
      return { message: SupportMessages.contactSent, complaint_id: ticket_id };
    });
  }

  // ---------- figures ----------

  /** support.stats (admins): tickets by status; resolved and closed are not unresolved. */
  async stats(actor: Principal): Promise<SupportStatsReply> {
    if (actor.role !== 'admin') throw forbidden();
    const rows: { status: string; count: number }[] = await this.dataSource.query(
      `SELECT COALESCE(status, 'open') AS status, count(*)::int AS count FROM tickets WHERE deleted_at IS NULL GROUP BY 1`,
    );
    const by = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
    const reply = { open: by('open'), in_progress: by('in-progress'), pending: by('pending'), resolved: by('resolved'), closed: by('closed') };
    return { ...reply, unresolved: reply.open + reply.in_progress + reply.pending };
  }

  /** The Support menu badge: owners count tickets with an unread admin reply; admins, tickets with unread activity. */
  async unread(actor: Principal): Promise<UnreadReply> {
    const sql =
      actor.role === 'admin'
        ? `SELECT count(*)::int AS count FROM tickets WHERE deleted_at IS NULL
             AND last_owner_activity_at > COALESCE(staff_read_at, '-infinity'::timestamptz)`
        : `SELECT count(*)::int AS count FROM tickets WHERE deleted_at IS NULL AND user_id = $1
             AND last_staff_message_at > COALESCE(owner_read_at, '-infinity'::timestamptz)`;
    const [{ count }] = await this.dataSource.query(sql, actor.role === 'admin' ? [] : [actor.userId]);
    return { count };
  }
}
