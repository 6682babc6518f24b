import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { notFound } from '@afya/service-shared';
import type { MpesaCallbackReply, MpesaTransactionStatusPayload } from '../../contracts';
import { PAYMENT_CONFIG, PaymentConfig } from '../payment.config';
import { DarajaClient } from '../providers/daraja-client';
import { receiptRefusal, resultParameters } from '../rules/payment-rules';
import { PaymentRow, PaymentStore } from './payment-store';

const ACCEPTED: MpesaCallbackReply = { ResultCode: 0, ResultDesc: 'Accepted' };
/** How long the payment dialog may wait for M-Pesa to confirm a receipt number before it shows the payment without one. */
const RECEIPT_WAIT_MS = 10_000;
/** What an M-Pesa receipt number looks like (as the callback's MpesaReceiptNumber is checked). */
const RECEIPT_PATTERN = /^[A-Za-z0-9]{1,32}$/;

interface CheckRow {
  check_id: string;
  payment_id: number;
  /** null: a look-up (the push's receipt number is what M-Pesa is asked for). */
  receipt: string | null;
  checkout_request_id: string | null;
  state: 'claimed' | 'asked' | 'confirmed' | 'refused';
}

/**
 * M-Pesa receipt numbers, confirmed by M-Pesa (issue 22, item 2). Daraja's STK query says whether a push was paid
 * but carries no receipt number (its reply: ResponseCode, ResponseDescription, MerchantRequestID,
 * CheckoutRequestID, ResultCode, ResultDesc); only the callback names one, and a callback can be forged. So each
 * receipt a callback claims is asked of M-Pesa's Transaction Status API; its result, posted to our ResultURL,
 * must show that receipt completed for this payment's amount from this payment's phone. Only then does the
 * payment (its history row, status and PDF receipt) carry it; until then they show our own reference.
 * A push settled by the STK query alone (its callback lost) has no claim: M-Pesa is asked which transaction the push
 * was (lookUp), and the receipt number its answer names is checked the same way before the payment takes it.
 */
@Injectable()
export class MpesaReceiptsService {
  private readonly logger = new Logger('MpesaReceipts');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_CONFIG) private readonly config: PaymentConfig,
    private readonly daraja: DarajaClient,
    private readonly store: PaymentStore,
  ) {}

  /** Records what a callback claims and asks M-Pesa about it (once per payment and receipt number). */
  async claim(paymentId: number, receipt: string | null): Promise<void> {
    if (!receipt) return;
    const [check] = (await this.dataSource.query(
      `INSERT INTO mpesa_receipt_checks (payment_id, receipt) VALUES ($1, $2) ON CONFLICT (payment_id, receipt) DO NOTHING
       RETURNING check_id, payment_id, receipt, checkout_request_id, state`,
      [paymentId, receipt],
    )) as CheckRow[];
    if (check) await this.ask(check);
  }

  /**
   * A push the STK query settled as paid without any receipt claimed (the callback lost): asks M-Pesa for its
   * transaction by the push's CheckoutRequestID. Nothing when a callback's claim is being checked or confirmed (that
   * one gives the receipt), or a look-up is already under way.
   */
  async lookUp(paymentId: number, checkoutRequestId: string): Promise<void> {
    const [check] = (await this.dataSource.query(
      `INSERT INTO mpesa_receipt_checks (payment_id, receipt, checkout_request_id)
       SELECT $1, NULL, $2 WHERE NOT EXISTS (SELECT 1 FROM mpesa_receipt_checks WHERE payment_id = $1 AND state <> 'refused')
       ON CONFLICT DO NOTHING
       RETURNING check_id, payment_id, receipt, checkout_request_id, state`,
      [paymentId, checkoutRequestId],
    )) as CheckRow[];
    if (check) await this.ask(check);
  }

  /** The receipt M-Pesa has confirmed for a payment, if any (read in the caller's transaction). */
  async confirmed(manager: EntityManager, paymentId: number): Promise<string | null> {
    const [row] = (await manager.query(
      `SELECT receipt FROM mpesa_receipt_checks WHERE payment_id = $1 AND state = 'confirmed' AND receipt IS NOT NULL ORDER BY updated_at, check_id LIMIT 1`,
      [paymentId],
    )) as { receipt: string }[];
    return row?.receipt ?? null;
  }

  /**
   * Whether M-Pesa is still being asked about a receipt this payment's callback claimed (for at most
   * RECEIPT_WAIT_MS): the status call keeps the patient's dialog waiting that long, so it shows the receipt number.
   */
  async awaitingAnswer(paymentId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM mpesa_receipt_checks WHERE payment_id = $1 AND state IN ('claimed', 'asked') AND created_at > now() - ($2::int * interval '1 millisecond') LIMIT 1`,
      [paymentId, RECEIPT_WAIT_MS],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Claims M-Pesa has not answered: not asked yet (or timed out in its queue) after 30 s, asked 10 minutes ago. */
  async askAgain(): Promise<void> {
    const stale = (await this.dataSource.query(
      `SELECT check_id, payment_id, receipt, checkout_request_id, state FROM mpesa_receipt_checks
        WHERE (state = 'claimed' AND updated_at < now() - interval '30 seconds') OR (state = 'asked' AND updated_at < now() - interval '10 minutes')
        ORDER BY updated_at LIMIT 20`,
    )) as CheckRow[];
    for (const check of stale) await this.ask(check);
  }

  private async ask(check: CheckRow): Promise<void> {
    const base = `${this.config.mpesaCallbackBaseUrl}/api/mpesa/transaction-status/${this.config.mpesaCallbackToken}`;
    try {
      const about = check.receipt !== null ? { receipt: check.receipt } : { originalConversationId: check.checkout_request_id! };
      const ack = await this.daraja.transactionStatus({ ...about, resultUrl: base, timeoutUrl: `${base}/timeout`, remarks: `Afya payment ${check.payment_id}` });
      await this.dataSource.query(
        `UPDATE mpesa_receipt_checks SET state = 'asked', originator_conversation_id = $2, conversation_id = $3, updated_at = now()
          WHERE check_id = $1 AND state IN ('claimed', 'asked')`,
        [check.check_id, ack.OriginatorConversationID, ack.ConversationID],
      );
    } catch (error) {
      // Left claimed: askAgain (the reconciliation job) retries.
      await this.dataSource.query(`UPDATE mpesa_receipt_checks SET updated_at = now() WHERE check_id = $1`, [check.check_id]);
      this.logger.warn(`Transaction Status query for payment ${check.payment_id} failed: ${(error as Error).message}`);
    }
  }

  /** POST /api/mpesa/transaction-status/:token[/timeout]: M-Pesa's answer about one receipt. Always "Accepted" once the token is right. */
  async result({ token, outcome, body }: MpesaTransactionStatusPayload): Promise<MpesaCallbackReply> {
    if (!sameSecret(token, this.config.mpesaCallbackToken)) throw notFound('Not found');
    const result = (body as { Result?: Record<string, unknown> } | null)?.Result;
    const ids = [result?.OriginatorConversationID, result?.ConversationID].filter((id): id is string => typeof id === 'string' && id.length > 0);
    if (!result || ids.length === 0) return ACCEPTED;
    // A refused claim of a payment already paid without a receipt: M-Pesa is asked for the real one (lookUp).
    let lookUpAfter: { paymentId: number; checkoutRequestId: string } | null = null;
    await this.dataSource.transaction(async (manager) => {
      const [check] = (await manager.query(
        `SELECT check_id, payment_id, receipt, checkout_request_id, state FROM mpesa_receipt_checks
          WHERE state = 'asked' AND (originator_conversation_id = ANY($1) OR conversation_id = ANY($1)) FOR UPDATE`,
        [ids],
      )) as CheckRow[];
      if (!check) {
        this.logger.warn('Transaction Status result for no question of ours: ignored');
        return;
      }
      if (outcome === 'timeout') {
        await manager.query(`UPDATE mpesa_receipt_checks SET state = 'claimed', updated_at = now() WHERE check_id = $1`, [check.check_id]);
        return;
      }
      const payment = await this.store.lock(manager, 'payment_id', check.payment_id);
      if (!payment) return;
      const parameters = resultParameters(result.ResultParameters);
      // A look-up takes the receipt number M-Pesa names, then checks it like a claimed one (phone, amount, status).
      const named = String(parameters.ReceiptNo ?? '');
      const receipt = check.receipt ?? (RECEIPT_PATTERN.test(named) ? named : null);
      if (receipt === null) return this.refuse(manager, check, payment, String(result.ResultCode) === '0' ? 'M-Pesa named no receipt number' : `M-Pesa does not know it (result ${String(result.ResultCode)})`);
      const refusal = receiptRefusal({ resultCode: result.ResultCode, parameters }, { receipt, amount: payment.amount, phone: payment.phone });
      const [taken] = refusal
        ? []
        : ((await manager.query(`SELECT payment_id FROM payments WHERE mpesa_receipt = $1 AND payment_id <> $2`, [receipt, payment.payment_id])) as { payment_id: number }[]);
      if (refusal || taken) {
        await this.refuse(manager, check, payment, refusal ?? `it is the receipt of payment ${taken.payment_id}`);
        const paidWithoutReceipt = (payment.status === 'completed' || payment.status === 'refunded') && payment.mpesa_receipt === null;
        if (check.receipt !== null && paidWithoutReceipt && payment.checkout_request_id) lookUpAfter = { paymentId: payment.payment_id, checkoutRequestId: payment.checkout_request_id };
        return;
      }
      if (check.receipt === null) {
        // A callback that arrived meanwhile claimed the same number: this confirmation answers it too.
        await manager.query(`DELETE FROM mpesa_receipt_checks WHERE payment_id = $1 AND receipt = $2 AND check_id <> $3`, [payment.payment_id, receipt, check.check_id]);
      }
      await manager.query(`UPDATE mpesa_receipt_checks SET receipt = $2, state = 'confirmed', detail = NULL, updated_at = now() WHERE check_id = $1`, [check.check_id, receipt]);
      // A payment already settled takes it now; one still pending takes it when it completes (MpesaPaymentsService).
      if (payment.mpesa_receipt === null && (payment.status === 'completed' || payment.status === 'refunded' || payment.status === 'failed')) {
        await manager.query(`UPDATE payments SET mpesa_receipt = $2, updated_at = now() WHERE payment_id = $1 AND mpesa_receipt IS NULL`, [payment.payment_id, receipt]);
      }
    });
    const wanted = lookUpAfter as { paymentId: number; checkoutRequestId: string } | null;
    if (wanted) await this.lookUp(wanted.paymentId, wanted.checkoutRequestId).catch((error: Error) => this.logger.warn(`receipt look-up for payment ${wanted.paymentId}: ${error.message}`));
    return ACCEPTED;
  }

  private async refuse(manager: EntityManager, check: CheckRow, payment: PaymentRow, reason: string): Promise<void> {
    await manager.query(`UPDATE mpesa_receipt_checks SET state = 'refused', detail = $2, updated_at = now() WHERE check_id = $1`, [check.check_id, reason]);
    this.logger.warn(`M-Pesa receipt claimed for payment ${payment.payment_id} refused: ${reason}`);
  }
}

/** Constant-time comparison of a received value with a secret. */
export function sameSecret(given: unknown, expected: string): boolean {
  const a = Buffer.from(typeof given === 'string' ? given : '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
