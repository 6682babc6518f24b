import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { conflict, forbidden, listTotal, notFound, PageRequest, pageOf, parsePayload, Principal } from '@afya/service-shared';
import type { AppointmentEventData } from '@afya/appointment-service/contracts';
import { DisputeListReply, PAYMENT_MESSAGES, PaymentHistoryReply, REFUND_REASONS, RefundPayloadSchema, RefundReply } from '../../contracts';
import { appointmentStart, cancellationRefundable } from '../rules/payment-rules';
import { CardPaymentsService } from './card-payments.service';
import { DisputeRow, PaymentRow, PaymentStore, ROW_COLUMNS, toDisputeView, toPaymentView } from './payment-store';

/** History, refunds and disputes (card and M-Pesa alike), and what appointment changes mean for payments. */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: PaymentStore,
    private readonly card: CardPaymentsService,
  ) {}

  /** GET /payments/history: one page of a patient's own payments (an admin's: everyone's, with the patient's name), newest first. */
  async history(caller: Principal, request: PageRequest = {}): Promise<PaymentHistoryReply> {
    if (caller.role === 'doctor') throw forbidden();
    const { limit, offset } = pageOf(request);
    const own = caller.role !== 'admin';
    const where = own ? 'WHERE user_id = $1' : '';
    const params = own ? [caller.userId] : [];
    const n = params.length;
    const [rows, { total }] = await Promise.all([
      this.dataSource.query(`SELECT ${ROW_COLUMNS} FROM payments ${where} ORDER BY created_at DESC, payment_id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        limit,
        offset,
      ]) as Promise<PaymentRow[]>,
      listTotal((text, values) => this.dataSource.query(text, values), `FROM payments ${where}`, params),
    ]);
    return { payments: rows.map(toPaymentView), total };
  }

  /** A completed payment the caller may see a receipt of (owner or admin); 404 otherwise. */
  async receiptRow(caller: Principal, id: number): Promise<PaymentRow> {
    const row = await this.store.find(this.dataSource.manager, 'payment_id', id);
    if (!row || (caller.role !== 'admin' && row.user_id !== caller.userId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (row.status !== 'completed') throw conflict(PAYMENT_MESSAGES.receiptOnlyCompleted);
    return row;
  }

  /**
   * POST /admin/payments/:id/refund. Card: refunded at Stripe (idempotent per payment), then marked here.
   * M-Pesa: marked refunded with the reason; the money goes back by a manual B2C payout.
   */
  async refund(caller: Principal, request: unknown): Promise<RefundReply> {
    if (caller.role !== 'admin') throw forbidden();
    const { id, reason: text } = parsePayload(RefundPayloadSchema, request);
    const row = await this.store.find(this.dataSource.manager, 'payment_id', id);
    if (!row) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (row.status !== 'completed') throw conflict(PAYMENT_MESSAGES.refundOnlyCompleted);
    const updated = await this.refundRow(this.dataSource.manager, row, text, true);
    return { message: PAYMENT_MESSAGES.refunded, payment: toPaymentView(updated) };
  }

  private async refundRow(manager: EntityManager, row: PaymentRow, reason: string, ownTransaction: boolean): Promise<PaymentRow> {
    // The row is locked before Stripe is asked: Stripe's charge.refunded webhook can arrive before its reply is
    // handled, and it must wait for this transaction (then find the payment refunded, with this reason), not
    // refund it first under its own generic reason.
    const apply = async (m: EntityManager) => {
      const locked = await this.store.lock(m, 'payment_id', row.payment_id);
      if (!locked || locked.status !== 'completed') return locked ?? row;
      const reference = locked.method === 'card' ? await this.card.refundAtStripe(locked, reason) : null;
      return this.store.refund(m, locked, reason, reference);
    };
    return ownTransaction ? this.dataSource.transaction(apply) : apply(manager);
  }

  async disputes(caller: Principal): Promise<DisputeListReply> {
    if (caller.role !== 'admin') throw forbidden();
    const rows = (await this.dataSource.query(
      `SELECT dispute_id, payment_id, appointment_id, reason, source, amount::float8 AS amount, resolved, created_at
         FROM disputes ORDER BY resolved, created_at DESC LIMIT 200`,
    )) as DisputeRow[];
    return { disputes: rows.map(toDisputeView), open: rows.filter((r) => !r.resolved).length };
  }

  /**
   * appointment.cancelled (through the event consumer, in its transaction, after it has noted the status): a paid
   * appointment cancelled at least 24 hours ahead is refunded automatically.
   */
  async refundCancelled(manager: EntityManager, data: AppointmentEventData, occurredAt: string): Promise<void> {
    // Every completed charge: a covered visit may have two (the co-pay, then the rest after a rejected cover; issue 38).
    const paid = (await manager.query(
      `SELECT ${ROW_COLUMNS} FROM payments WHERE appointment_id = $1 AND status = 'completed' ORDER BY payment_id FOR UPDATE`,
      [data.appointment_id],
    )) as PaymentRow[];
    if (!paid.length) return;
    if (data.refund_in_full) {
      for (const row of paid) await this.refundRow(manager, row, REFUND_REASONS.clinicCause, false);
      return;
    }
    if (!cancellationRefundable(appointmentStart(data.appointment_date, data.time_slot), new Date(occurredAt))) {
      this.logger.log(`appointment ${data.appointment_id} cancelled less than 24 h ahead: payment ${paid.map((p) => p.payment_id).join(', ')} kept`);
      return;
    }
    for (const row of paid) await this.refundRow(manager, row, REFUND_REASONS.automatic, false);
  }
}
