import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, notFound, Principal, RpcFailure } from '@afya/service-shared';
import {
  checkMpesaPhone,
  MpesaCallbackPayload,
  MpesaCallbackReply,
  MPESA_PHONE_WINDOW_MINUTES,
  MPESA_PUSHES_PER_PHONE,
  PAYMENT_MESSAGES,
  StkPushPayload,
  StkPushReply,
  StkStatusPayload,
  StkStatusReply,
} from '../../contracts';
import { PAYMENT_CONFIG, PaymentConfig } from '../payment.config';
import { DarajaClient, StkQueryResult } from '../providers/daraja-client';
import { coverOnReceipt, NEXT_CHARGE_NO } from './payable-checks';
import { amountDueNow, callbackItems, chargedAmount, mpesaFailureReason } from '../rules/payment-rules';
import { MpesaReceiptsService, sameSecret } from './mpesa-receipts.service';
import { PayableChecks } from './payable-checks';
import { PaymentRow, PaymentStore, ROW_COLUMNS, updatedRows } from './payment-store';

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
    private readonly receipts: MpesaReceiptsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.reconcile(), this.config.reconcileEveryMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async stkPush(caller: Principal, payload: StkPushPayload, requestId?: string): Promise<StkPushReply> {
    const checked = checkMpesaPhone(payload.phone);
    if (!checked.ok) throw badRequest(checked.message);
    const phone = checked.msisdn;
    const appointment = await this.checks.payableAppointment(caller, payload.appointment_id, requestId);
    // Issue 38: the amount due now (a covered visit's co-pay), never the client's.
    const amount = amountDueNow(appointment);
    const attemptId = await this.claimPush(appointment.appointment_id, phone);
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
      await this.dataSource.query(`UPDATE stk_push_attempts SET state = 'refused' WHERE attempt_id = $1`, [attemptId]);
      this.logger.error(`STK push for appointment ${appointment.appointment_id} failed: ${(error as Error).message}`);
      throw new RpcFailure(502, PAYMENT_MESSAGES.stkFailed);
    }
    const [row] = (await this.dataSource.query(
      `INSERT INTO payments (appointment_id, user_id, doctor_id, patient_name, doctor_first_name, doctor_last_name, appointment_date,
                             time_slot, amount, method, checkout_request_id, merchant_request_id, phone, charge_no,
                             cover_payer, cover_member_masked, cover_amount, visit_fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'mpesa', $10, $11, $12, ${NEXT_CHARGE_NO}, $13, $14, $15, $16) RETURNING payment_id`,
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
        ...coverOnReceipt(appointment),
      ],
    )) as { payment_id: number }[];
    await this.dataSource.query(`UPDATE stk_push_attempts SET state = 'sent', payment_id = $2 WHERE attempt_id = $1`, [attemptId, row.payment_id]);
    return { message: PAYMENT_MESSAGES.stkSent, checkout_request_id: push.CheckoutRequestID, payment_id: row.payment_id, ...chargedAmount(Math.ceil(amount), payload.amount) };
  }

  /**
   * One pending push per appointment, at most MPESA_PUSHES_PER_PHONE per phone number per window (issue 22): checked
   * and recorded in one short transaction holding an advisory lock per appointment and per phone number, so parallel
   * requests are decided one after the other. A push still pending at Daraja is asked about first: one Daraja has
   * ended (cancelled, timed out) makes way for a new one; one still on the phone is a 409 carrying its status.
   * Returns the attempt's id (its row says "sending" until Daraja answers).
   */
  private async claimPush(appointmentId: number, phone: string): Promise<number> {
    const pending = await this.pendingPush(this.dataSource.manager, appointmentId);
    if (pending?.row) await this.settleByQuery(pending.row).catch((error: Error) => this.logger.warn(`STK query before a new push: ${error.message}`));
    return this.dataSource.transaction(async (manager) => {
      // Lock order: appointment, then phone (every caller takes both in this order, so no deadlock).
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('stk-appointment'), $1)`, [appointmentId]);
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('stk-phone'), hashtext($1))`, [phone]);
      const still = await this.pendingPush(manager, appointmentId);
      if (still) {
        throw new RpcFailure(409, PAYMENT_MESSAGES.stkPending, 'STK_PUSH_PENDING', {
          pending: still.row
            ? { checkout_request_id: still.row.checkout_request_id, status: still.row.status, payment_id: still.row.payment_id }
            : { checkout_request_id: null, status: 'sending', payment_id: null },
        });
      }
      const [{ recent }] = (await manager.query(
        `SELECT count(*)::int AS recent FROM stk_push_attempts
          WHERE phone = $1 AND state <> 'refused' AND created_at > now() - ($2::int * interval '1 minute')`,
        [phone, MPESA_PHONE_WINDOW_MINUTES],
      )) as { recent: number }[];
      if (recent >= MPESA_PUSHES_PER_PHONE) throw new RpcFailure(429, PAYMENT_MESSAGES.stkPhoneLimit, 'STK_PHONE_LIMIT');
      const [attempt] = (await manager.query(`INSERT INTO stk_push_attempts (appointment_id, phone) VALUES ($1, $2) RETURNING attempt_id`, [appointmentId, phone])) as {
        attempt_id: string;
      }[];
      return Number(attempt.attempt_id);
    });
  }

  /** The appointment's push still in flight: a pending M-Pesa payment, or an attempt Daraja has not answered yet (30 s at most). */
  private async pendingPush(manager: EntityManager, appointmentId: number): Promise<{ row: PaymentRow | null } | null> {
    const [row] = (await manager.query(
      `SELECT ${ROW_COLUMNS} FROM payments WHERE appointment_id = $1 AND method = 'mpesa' AND status = 'pending' ORDER BY created_at DESC LIMIT 1`,
      [appointmentId],
    )) as PaymentRow[];
    if (row) return { row };
    const [sending] = (await manager.query(
      `SELECT attempt_id FROM stk_push_attempts WHERE appointment_id = $1 AND state = 'sending' AND created_at > now() - interval '30 seconds' LIMIT 1`,
      [appointmentId],
    )) as unknown[];
    return sending ? { row: null } : null;
  }

  async status(caller: Principal, { checkout_request_id }: StkStatusPayload): Promise<StkStatusReply> {
    let row = await this.store.find(this.dataSource.manager, 'checkout_request_id', checkout_request_id);
    if (!row || (caller.role !== 'admin' && row.user_id !== caller.userId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (row.status === 'pending' && Date.now() - new Date(row.created_at).getTime() > this.config.statusQueryAfterMs && this.mayQueryNow(checkout_request_id)) {
      // The patient is still watching a push whose callback is overdue: ask Daraja now rather than at the job's next turn.
      await this.settleByQuery(row).catch((error: Error) => this.logger.warn(`STK query on status ${checkout_request_id}: ${error.message}`));
      row = (await this.store.find(this.dataSource.manager, 'checkout_request_id', checkout_request_id)) ?? row;
    }
    // Paid, with the receipt number M-Pesa is confirming in a moment: the dialog waits for it (at most a few seconds).
    const confirmingReceipt = row.status === 'completed' && row.mpesa_receipt === null && (await this.receipts.awaitingAnswer(row.payment_id));
    return {
      checkout_request_id,
      status: confirmingReceipt ? 'pending' : row.status === 'completed' || row.status === 'refunded' ? 'completed' : row.status,
      reason: row.failure_reason,
      // a receipt number is shown once the payment is confirmed by Daraja, never while it is only claimed
      mpesa_receipt: row.status === 'completed' || row.status === 'refunded' ? row.mpesa_receipt : null,
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

  /**
   * POST /api/mpesa/callback/:token. Always answers Safaricom 200 "Accepted" once the token is right. A callback is
   * a claim, never a verdict (issue 22):
   * - it must name the push as Daraja answered us when we sent it (CheckoutRequestID and MerchantRequestID: the
   *   latter never leaves this service), else it is ignored;
   * - a failure is applied only once an STK query says so (a forged 1032 cannot fail a live push);
   * - a success completes only once an STK query says so, and is never silenced: one arriving after the push was
   *   failed completes it (or, if the appointment was paid otherwise, raises a dispute an admin sees).
   */
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
    if (!row.merchant_request_id || !sameSecret(callback.MerchantRequestID, row.merchant_request_id)) {
      this.logger.warn(`M-Pesa callback for payment ${row.payment_id} does not carry the push's MerchantRequestID: ignored`);
      return ACCEPTED;
    }
    const resultCode = String(callback.ResultCode);
    if (resultCode !== '0') {
      // Failures are confirmed by Daraja like successes; until it answers, the push stays pending.
      if (row.status === 'pending') await this.settleByQuery(row).catch((error: Error) => this.logger.warn(`STK query after a failure callback ${checkoutRequestId}: ${error.message}`));
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
    // The receipt number is only a claim: M-Pesa is asked about it (MpesaReceiptsService) and the payment shows it
    // once confirmed. Whether the push was paid at all is Daraja's STK query answer.
    await this.receipts.claim(row.payment_id, receipt);
    if (row.status === 'pending') {
      await this.dataSource.query(`UPDATE payments SET callback_received_at = now(), updated_at = now() WHERE payment_id = $1 AND status = 'pending'`, [row.payment_id]);
      // Daraja unreachable now: the push stays pending for the status call and the reconciliation job.
      await this.settleByQuery(row).catch((error: Error) => this.logger.warn(`STK query after a success callback ${checkoutRequestId}: ${error.message}`));
    } else if (row.status === 'failed') {
      await this.lateSuccess(row, receipt);
    }
    return ACCEPTED;
  }

  /**
   * Daraja reported a success for a push we had failed (its own earlier answer was a timeout, or a failure was
   * believed): the patient has paid. Confirmed by an STK query, the payment completes after all (a dispute if the
   * appointment was paid otherwise meanwhile: PaymentStore.complete); unconfirmed, an admin gets a dispute to look at.
   */
  private async lateSuccess(row: PaymentRow, receipt: string | null): Promise<void> {
    let result: StkQueryResult | null = null;
    try {
      result = await this.daraja.stkQuery(row.checkout_request_id!);
    } catch (error) {
      this.logger.warn(`STK query for a late success on payment ${row.payment_id}: ${(error as Error).message}`);
    }
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.store.lock(manager, 'payment_id', row.payment_id);
      if (!locked || locked.status !== 'failed') return;
      if (result?.state === 'done' && result.resultCode === '0') {
        const [reopened] = updatedRows<PaymentRow>(await manager.query(
          `UPDATE payments SET status = 'pending', failure_reason = NULL, callback_received_at = now(), updated_at = now()
            WHERE payment_id = $1 RETURNING ${ROW_COLUMNS}`,
          [locked.payment_id],
        ));
        this.logger.warn(`payment ${row.payment_id}: M-Pesa success confirmed after the push had failed; completing it`);
        const confirmedReceipt = await this.receipts.confirmed(manager, reopened.payment_id);
        await this.store.complete(manager, reopened, { providerReference: confirmedReceipt ?? reopened.checkout_request_id, mpesaReceipt: confirmedReceipt });
        return;
      }
      await this.store.flag(
        manager,
        locked,
        'other',
        `M-Pesa reported a success (receipt ${receipt ?? 'none'}) for push ${locked.checkout_request_id}, which had failed (${locked.failure_reason ?? 'no reason'}); Daraja ${result ? (result.state === 'pending' ? 'still processes it' : `answered ${result.resultCode}`) : 'could not be asked'}. Check the M-Pesa statement.`,
        locked.amount,
        `late-success:${locked.checkout_request_id}`,
      );
    });
  }

  /**
   * Asks Daraja how a push ended (STK query) and applies it: success → completed, a failure code → failed,
   * still processing → unchanged. Used after a callback and by the reconciliation job.
   */
  async settleByQuery(row: PaymentRow): Promise<void> {
    const result = await this.daraja.stkQuery(row.checkout_request_id!);
    if (result.state === 'pending') return;
    const completedWithoutReceipt = await this.dataSource.transaction(async (manager) => {
      const locked = await this.store.lock(manager, 'payment_id', row.payment_id);
      if (!locked || locked.status !== 'pending') return false;
      if (result.resultCode === '0') {
        // Paid, says Daraja. The receipt number is the one M-Pesa confirmed, if it has yet (else it follows: MpesaReceiptsService).
        const receipt = await this.receipts.confirmed(manager, locked.payment_id);
        await this.store.complete(manager, locked, { providerReference: receipt ?? locked.checkout_request_id, mpesaReceipt: receipt });
        return receipt === null;
      }
      await this.store.fail(manager, locked, mpesaFailureReason(result.resultCode, result.resultDesc), locked.checkout_request_id);
      return false;
    });
    // The STK query names no receipt: unless a callback claimed one, M-Pesa is asked for it (Transaction Status).
    if (completedWithoutReceipt) {
      await this.receipts.lookUp(row.payment_id, row.checkout_request_id!).catch((error: Error) => this.logger.warn(`receipt look-up for payment ${row.payment_id}: ${error.message}`));
    }
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
      await this.receipts.askAgain().catch((error: Error) => this.logger.warn(`asking M-Pesa about receipts again failed: ${error.message}`));
    } finally {
      this.reconciling = false;
    }
    return settled;
  }

  private tokenMatches(token: string): boolean {
    return sameSecret(token, this.config.mpesaCallbackToken);
  }
}


