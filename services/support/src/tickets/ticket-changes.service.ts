import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, forbidden, Principal, recordEvent } from '@afya/service-shared';
import {
  ContactPayload,
  ContactReply,
  CreateTicketPayload,
  DeleteTicketReply,
  SetTicketStatusPayload,
  SupportEvents,
  SupportMessages,
  TicketReply,
  UpdateTicketPayload,
} from '../../contracts';
import { canDelete, canEdit, canSetStatus, contactTicket, isTicketStatus, mergeTicketFields, statusOf, ticketFields } from '../rules/tickets';
import { enforce, TicketAccess, viewerOf } from './ticket-access';
import { toTicketEventData, toTicketView } from './ticket.sql';

/** Opening, editing, closing and deleting tickets, and the public contact form's tickets. */
@Injectable()
export class TicketChangesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: TicketAccess,
  ) {}

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
      const row = (await this.access.row(ticket_id, manager))!;
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
      const { row, access } = await this.access.load(actor, id, manager, true);
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
      const updated = (await this.access.row(id, manager))!;
      await recordEvent(manager, SupportEvents.updated, toTicketEventData(updated));
      return { complaint: toTicketView(updated, 'owner'), message: SupportMessages.updated };
    });
  }

  /** PATCH /support/{id}/status: admins any status, owners only closed. */
  async setStatus(actor: Principal, { id, status }: SetTicketStatusPayload): Promise<TicketReply> {
    if (!isTicketStatus(status)) throw badRequest(SupportMessages.status);
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.access.load(actor, id, manager, true);
      enforce(canSetStatus(access, status));
      if (statusOf(row) === status && row.status !== null) return { complaint: toTicketView(row, viewerOf(access)), message: SupportMessages.statusUpdated };
      await manager.query(`UPDATE tickets SET status = $2, updated_at = now() WHERE ticket_id = $1`, [id, status]);
      const updated = (await this.access.row(id, manager))!;
      await recordEvent(manager, SupportEvents.updated, toTicketEventData(updated, row.status));
      return { complaint: toTicketView(updated, viewerOf(access)), message: SupportMessages.statusUpdated };
    });
  }

  /** DELETE /support/{id}: soft (kept for audit); the owner or an admin. */
  async remove(actor: Principal, id: number): Promise<DeleteTicketReply> {
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.access.load(actor, id, manager, true);
      enforce(canDelete(access));
      await manager.query(`UPDATE tickets SET deleted_at = now(), deleted_by = $2, updated_at = now() WHERE ticket_id = $1`, [id, actor.userId]);
      await recordEvent(manager, SupportEvents.deleted, { ...toTicketEventData(row), updated_at: new Date().toISOString() });
      return { message: SupportMessages.deleted, complaint_id: id };
    });
  }

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
      const row = (await this.access.row(ticket_id, manager))!;
      await recordEvent(manager, SupportEvents.created, toTicketEventData(row));
      return { message: SupportMessages.contactSent, complaint_id: ticket_id };
    });
  }
}
