import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, forbidden, PageRequest, pageOf, Principal, RowsPage, rowsPage } from '@afya/service-shared';
import {
  DataExportTicketsReply,
  DoctorTicketView,
  ListAllTicketsPayload,
  SupportMessages,
  SupportStatsReply,
  TicketMessageView,
  TicketReply,
  TicketView,
  UnreadReply,
} from '../../contracts';
import { isTicketStatus } from '../rules/tickets';
import { TicketAccess, viewerOf } from './ticket-access';
import { TicketCare } from './ticket-care';
import { MESSAGE_SELECT, TICKET_ORDER, TICKET_SELECT, TicketRow, toDoctorTicketView, toMessageView, toTicketView } from './ticket.sql';

/** Reading tickets: one ticket, the lists (own, a doctor's, the desk's), a data export's part, the figures. */
@Injectable()
export class TicketsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly care: TicketCare,
    private readonly access: TicketAccess,
  ) {}

  /** GET /support/{id}; a doctor's read goes in the patient's access log before the ticket leaves. */
  async get(actor: Principal, id: number, requestId?: string): Promise<TicketReply> {
    const { row, access } = await this.access.load(actor, id, this.dataSource.manager, false, requestId);
    if (access === 'doctor-read') await this.care.record(actor, 'success', [row], requestId);
    return { complaint: toTicketView(row, viewerOf(access)), message: 'OK' };
  }

  /** GET /support: the caller's own tickets, newest first (admins: every ticket, as the desk's first page). */
  async listOwn(actor: Principal, request: PageRequest = {}): Promise<RowsPage<TicketView>> {
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
    return rowsPage(rows.map((row) => toTicketView(row, 'owner')), total);
  }

  /**
   * GET /support/doctor: the tickets linked to one of this doctor's appointments with their owner, of the patients
   * the doctor is caring for now (read-only), a page and the total. The page is a read of each ticket: audited before
   * it leaves.
   */
  async listForDoctor(actor: Principal, request: PageRequest = {}, requestId?: string): Promise<RowsPage<DoctorTicketView>> {
    if (actor.role !== 'doctor') throw forbidden();
    const patients = await this.care.patientsInCare(actor.userId);
    if (!patients.length) return rowsPage([], 0);
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
    return rowsPage(rows.map(toDoctorTicketView), total);
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
  async listAll(actor: Principal, query: ListAllTicketsPayload): Promise<RowsPage<TicketView>> {
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
    return rowsPage(rows.map((row) => toTicketView(row, 'admin')), total);
  }

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
