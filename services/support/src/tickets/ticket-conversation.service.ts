import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, Principal, recordEvent, RowsPage, rowsPage } from '@afya/service-shared';
import { PostMessagePayload, PostMessageReply, SupportEvents, SupportMessages, TicketMessageEventData, TicketMessageView } from '../../contracts';
import { canPost, messageText, statusAfterMessage, statusOf } from '../rules/tickets';
import { enforce, TicketAccess, viewerOf } from './ticket-access';
import { TicketCare } from './ticket-care';
import { MESSAGE_SELECT, toMessageView, toTicketEventData, toTicketView } from './ticket.sql';

/** A ticket's conversation between its owner and the desk. */
@Injectable()
export class TicketConversationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly care: TicketCare,
    private readonly access: TicketAccess,
  ) {}

  /** GET /support/{id}/messages: oldest first; opening the conversation marks it read for that side. */
  async messages(actor: Principal, id: number, requestId?: string): Promise<RowsPage<TicketMessageView>> {
    const { row, access } = await this.access.load(actor, id, this.dataSource.manager, false, requestId);
    if (access === 'doctor-read') await this.care.record(actor, 'success', [row], requestId);
    if (access === 'owner') await this.dataSource.query(`UPDATE tickets SET owner_read_at = now() WHERE ticket_id = $1`, [id]);
    if (access === 'admin') await this.dataSource.query(`UPDATE tickets SET staff_read_at = now() WHERE ticket_id = $1`, [id]);
    const rows = await this.dataSource.query(`${MESSAGE_SELECT} WHERE m.ticket_id = $1 ORDER BY m.created_at, m.message_id`, [id]);
    return rowsPage(rows.map(toMessageView));
  }

  /** POST /support/{id}/messages: the owner or an admin; the status follows statusAfterMessage. */
  async postMessage(actor: Principal, { id, message }: PostMessagePayload): Promise<PostMessageReply> {
    const parsed = messageText(message);
    if ('error' in parsed) throw badRequest(parsed.error);
    return this.dataSource.transaction(async (manager) => {
      const { row, access } = await this.access.load(actor, id, manager, true);
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
      const updated = (await this.access.row(id, manager))!;
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
}
