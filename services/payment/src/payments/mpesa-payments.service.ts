import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { badRequest, notFound, Principal, RpcFailure } from '@afya/service-shared';
import {
  MpesaCallbackPayload,
  MpesaCallbackReply,
  PAYMENT_MESSAGES,
  StkPushPayload,
  StkPushReply,
  StkStatusPayload,
  StkStatusReply,
} from '../../contracts';
import { PAYMENT_CONFIG, PaymentConfig } from '../payment.config';
import { DarajaClient } from '../providers/daraja-client';
import { callbackItems, chargedAmount, mpesaFailureReason, normalizeKenyanPhone } from '../rules/payment-rules';
import { PayableChecks } from './payable-checks';
import { PaymentRow, PaymentStore, ROW_COLUMNS } from './payment-store';

const ACCEPTED: MpesaCallbackReply = { ResultCode: 0, ResultDesc: 'Accepted' };

interface StkCallback {
  MerchantRequestID?: string;
  CheckoutRequestID?: string;
  ResultCode?: number | string;
  ResultDesc?: string;
  CallbackMetadata?: { Item?: unknown };
}

/**
 * M-Pesa Express (STK push) through Safaricom Daraja. A callback is trusted only as far as it matches one
 * of our pending CheckoutRequestIDs for the right amount, and a success is confirmed with an STK query before
 * the payment completes. Pushes whose callback never came are queried by the reconciliation job.
 */
@Injectable()
export class MpesaPaymentsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MpesaPayments');
  private timer?: NodeJS.Timeout;
  private reconciling = false;
  /** When a status call last asked Daraja about each push (mayQueryNow). */
  private readonly statusQueriedAt = new Map<string, number>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_CONFIG) private readonly config: PaymentConfig,
    private readonly daraja: DarajaClient,
    private readonly store: PaymentStore,
    private readonly checks: PayableChecks,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.reconcile(), this.config.reconcileEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async stkPush(caller: Principal, payload: StkPushPayload, requestId?: string): Promise<StkPushReply> {
    const phone = normalizeKenyanPhone(payload.phone);
    if (!phone) throw badRequest(PAYMENT_MESSAGES.invalidPhone);
    const appointment = await this.checks.payableAppointment(caller, payload.appointment_id, requestId);
    const amount = appointment.total_amount;
    let push;
    try {
      push = await this.daraja.stkPush({
        phone,
        // M-Pesa takes whole shillings: a fee with cents is rounded up (the callback is checked against the same figure).
        amount: Math.ceil(amount),
        accountReference: `AFYA${appointment.appointment_id}`.slice(0, 12),
        description: `Appointment ${appointment.appointment_id}`,
        callbackUrl: `${this.config.mpesaCallbackBaseUrl}/api/mpesa/callback/${this.config.mpesaCallbackToken}`,
      });
    } catch (error) {
      this.logger.error(`STK push for appointment ${appointment.appointment_id} failed: ${(error as Error).message}`);
      throw new RpcFailure(502, PAYMENT_MESSAGES.stkFailed);
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO payments (appointment_id, user_id, doctor_id, patient_name, doctor_first_name, doctor_last_name, appointment_date,
                             time_slot, amount, method, checkout_request_id, merchant_request_id, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'mpesa', $10, $11, $12) RETURNING payment_id`,
      [
        appointment.appointment_id,
        appointment.user_id,
        appointment.doctor_id,
        this.checks.patientName(appointment),
        appointment.doctor.first_name,
        appointment.doctor.last_name,
        appointment.appointment_date,
        appointment.time_slot,
        amount,
        push.CheckoutRequestID,
        push.MerchantRequestID,
        phone,
      ],
    )) as { payment_id: number }[];
    return { message: PAYMENT_MESSAGES.stkSent, checkout_request_id: push.CheckoutRequestID, payment_id: row.payment_id, ...chargedAmount(Math.ceil(amount), payload.amount) };
  }

  async status(caller: Principal, { checkout_request_id }: StkStatusPayload): Promise<StkStatusReply> {
    let row = await this.store.find(this.dataSource.manager, 'checkout_request_id', checkout_request_id);
    if (!row || (caller.role !== 'admin' && row.user_id !== caller.userId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (row.status === 'pending' && Date.now() - new Date(row.created_at).getTime() > this.config.statusQueryAfterMs && this.mayQueryNow(checkout_request_id)) {
      // The patient is still watching a push whose callback is overdue: ask Daraja now rather than at the job's next turn.
      await this.settleByQuery(row).catch((error: Error) => this.logger.warn(`STK query on status ${checkout_request_id}: ${error.message}`));
      row = (await this.store.find(this.dataSource.manager, 'checkout_request_id', checkout_request_id)) ?? row;
    }
    return {
      checkout_request_id,
      status: row.status === 'completed' || row.status === 'refunded' ? 'completed' : row.status,
      reason: row.failure_reason,
      mpesa_receipt: row.mpesa_receipt,
      payment_id: row.payment_id,
      appointment_id: row.appointment_id,
    };
  }

  /** At most one STK query per push per statusQueryEveryMs from status calls (the dialog polls every 2 s). */
  private mayQueryNow(checkoutRequestId: string): boolean {
    const now = Date.now();
    const last = this.statusQueriedAt.get(checkoutRequestId);
    if (last !== undefined && now - last < this.config.statusQueryEveryMs) return false;
    if (this.statusQueriedAt.size >= 10_000) {
      for (const [id, at] of this.statusQueriedAt) if (now - at >= this.config.statusQueryEveryMs) this.statusQueriedAt.delete(id);
    }
    this.statusQueriedAt.set(checkoutRequestId, now);
    return true;
  }

  /** POST /api/mpesa/callback/:token. Always answers Safaricom 200 "Accepted" once the token is right. */
  async callback({ token, body }: MpesaCallbackPayload): Promise<MpesaCallbackReply> {
    if (!this.tokenMatches(token)) throw notFound('Not found');
    const callback = (body as { Body?: { stkCallback?: StkCallback } } | null)?.Body?.stkCallback;
    const checkoutRequestId = callback?.CheckoutRequestID;
    if (!callback || typeof checkoutRequestId !== 'string' || callback.ResultCode === undefined) {
      this.logger.warn('M-Pesa callback without stkCallback / CheckoutRequestID / ResultCode: ignored');
      return ACCEPTED;
    }
    const row = await this.store.find(this.dataSource.manager, 'checkout_request_id', checkoutRequestId);
    if (!row) {
      this.logger.warn(`M-Pesa callback for unknown CheckoutRequestID ${checkoutRequestId}: ignored`);
      return ACCEPTED;
    }
    if (row.status !== 'pending') return ACCEPTED; // a replay, or already settled by reconciliation
    const resultCode = String(callback.ResultCode);
    if (resultCode !== '0') {
      await this.dataSource.transaction(async (manager) => {
        if (!(await this.store.firstDelivery(manager, 'mpesa', `${checkoutRequestId}:callback`, `stk.${resultCode}`))) return;
        const locked = await this.store.lock(manager, 'payment_id', row.payment_id);
        if (locked) await this.store.fail(manager, locked, mpesaFailureReason(resultCode, callback.ResultDesc), checkoutRequestId);
      });
      return ACCEPTED;
    }
    const items = callbackItems(callback.CallbackMetadata?.Item);
    const receipt = typeof items.MpesaReceiptNumber === 'string' && /^[A-Za-z0-9]{1,32}$/.test(items.MpesaReceiptNumber) ? items.MpesaReceiptNumber : null;
    const paidAmount = Number(items.Amount);
    if (paidAmount !== Math.ceil(row.amount)) {
      await this.dataSource.transaction(async (manager) => {
        if (!(await this.store.firstDelivery(manager, 'mpesa', `${checkoutRequestId}:callback`, 'stk.amount-mismatch'))) return;
        const locked = await this.store.lock(manager, 'payment_id', row.payment_id);
        if (!locked) return;
        await this.store.flag(manager, locked, 'amount_mismatch', `M-Pesa reported Ksh ${items.Amount} (receipt ${receipt ?? 'none'}); expected Ksh ${Math.ceil(row.amount)}`, Number.isFinite(paidAmount) ? paidAmount : null, `mismatch:${checkoutRequestId}`);
        await this.store.fail(manager, locked, 'The amount paid does not match the appointment (flagged for review).', checkoutRequestId);
      });
      return ACCEPTED;
    }
    // Remember what the callback said, then ask Safaricom itself before the appointment is marked paid.
    await this.dataSource.query(
      `UPDATE payments SET callback_received_at = now(), mpesa_receipt = COALESCE(mpesa_receipt, $2), updated_at = now() WHERE payment_id = $1 AND status = 'pending'`,
      [row.payment_id, receipt],
    );
    await this.settleByQuery({ ...row, mpesa_receipt: receipt });
    return ACCEPTED;
  }

  /**
   * Asks Daraja how a push ended (STK query) and applies it: success → completed, a failure code → failed,
   * still processing → unchanged. Used after a callback and by the reconciliation job.
   */
  async settleByQuery(row: PaymentRow): Promise<void> {
    const result = await this.daraja.stkQuery(row.checkout_request_id!);
    if (result.state === 'pending') return;
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.store.lock(manager, 'payment_id', row.payment_id);
      if (!locked || locked.status !== 'pending') return;
      if (result.resultCode === '0') {
        await this.store.complete(manager, locked, { providerReference: locked.mpesa_receipt ?? locked.checkout_request_id, mpesaReceipt: locked.mpesa_receipt });
      } else {
        await this.store.fail(manager, locked, mpesaFailureReason(result.resultCode, result.resultDesc), locked.checkout_request_id);
      }
    });
  }

  /** Pending pushes older than MPESA_RECONCILE_AFTER_MS (default 2 minutes): ask Daraja how they ended. */
  async reconcile(): Promise<number> {
    if (this.reconciling) return 0;
    this.reconciling = true;
    let settled = 0;
    try {
      const rows = (await this.dataSource.query(
        `SELECT ${ROW_COLUMNS} FROM payments
          WHERE method = 'mpesa' AND status = 'pending' AND created_at < now() - ($1::int * interval '1 millisecond')
          ORDER BY created_at LIMIT 50`,
        [this.config.reconcileAfterMs],
      )) as PaymentRow[];
      for (const row of rows) {
        try {
          await this.settleByQuery(row);
          settled += 1;
        } catch (error) {
          this.logger.warn(`reconciling payment ${row.payment_id} failed: ${(error as Error).message}`);
        }
      }
    } finally {
      this.reconciling = false;
    }
    return settled;
  }

  private tokenMatches(token: string): boolean {
    const expected = Buffer.from(this.config.mpesaCallbackToken);
    const given = Buffer.from(String(token ?? ''));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
