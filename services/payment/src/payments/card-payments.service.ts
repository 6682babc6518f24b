import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, notFound, Principal, RpcFailure } from '@afya/service-shared';
import {
  ConfirmCardPaymentPayload,
  ConfirmCardPaymentReply,
  CreateCardPaymentPayload,
  CreateCardPaymentReply,
  PAYMENT_MESSAGES,
  StripeWebhookPayload,
  StripeWebhookReply,
} from '../../contracts';
import { PAYMENT_CONFIG, PaymentConfig } from '../payment.config';
import { CheckoutSession, StripeClient, StripeEvent } from '../providers/stripe-provider';
import { coverOnReceipt, NEXT_CHARGE_NO } from './payable-checks';
import { amountDueNow, chargedAmount, kesToCents, returnBase } from '../rules/payment-rules';
import { PayableChecks } from './payable-checks';
import { PaymentRow, PaymentStore, toPaymentView } from './payment-store';

export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * Card payments through Stripe Checkout (KES, amounts in cents). The appointment is paid only when Stripe says
 * so: a signed webhook, or the session retrieved from Stripe by /payments/confirm. Never the browser's word.
 */
@Injectable()
export class CardPaymentsService {
  private readonly logger = new Logger('CardPayments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE_CLIENT) private readonly stripe: StripeClient,
    @Inject(PAYMENT_CONFIG) private readonly config: PaymentConfig,
    private readonly store: PaymentStore,
    private readonly checks: PayableChecks,
  ) {}

  async create(caller: Principal, payload: CreateCardPaymentPayload, requestId?: string): Promise<CreateCardPaymentReply> {
    const appointment = await this.checks.payableAppointment(caller, payload.appointment_id, requestId);
    // Issue 38: the amount due now (a covered visit's co-pay), never the client's.
    const amount = amountDueNow(appointment);
    const charged = chargedAmount(amount, payload.amount);
    const base = returnBase(payload.origin, this.config.returnOrigins, this.config.publicAppUrl);
    const reused = await this.openSession(appointment.appointment_id, amount, base);
    if (reused) return { ...reused, ...charged };

    const doctor = `Dr. ${appointment.doctor.first_name} ${appointment.doctor.last_name}`;
    let session: CheckoutSession;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(appointment.appointment_id),
          metadata: {
            appointment_id: String(appointment.appointment_id),
            patient_id: String(caller.userId),
            description: `Appointment #${appointment.appointment_id} with ${doctor}`,
          },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'kes',
                unit_amount: kesToCents(amount),
                product_data: { name: `${appointment.appointment_type} with ${doctor} (${appointment.appointment_date} ${appointment.time_slot})` },
              },
            },
          ],
          success_url: `${base}/payment-success?session_id={CHECKOUT_SESSION_ID}&appointment_id=${appointment.appointment_id}&amount=${amount}`,
          cancel_url: `${base}/payment-cancel?appointment_id=${appointment.appointment_id}`,
        },
        { idempotencyKey: `checkout-${appointment.appointment_id}-${randomUUID()}` },
      );
    } catch (error) {
      this.logger.error(`Stripe refused a Checkout Session for appointment ${appointment.appointment_id}: ${(error as Error).message}`);
      throw new RpcFailure(502, PAYMENT_MESSAGES.initiateFailed);
    }
    if (!session.url) throw new RpcFailure(502, PAYMENT_MESSAGES.initiateFailed);
    const [row] = (await this.dataSource.query(
      `INSERT INTO payments (appointment_id, user_id, doctor_id, patient_name, doctor_first_name, doctor_last_name, appointment_date,
                             time_slot, amount, method, stripe_session_id, charge_no, cover_payer, cover_member_masked, cover_amount, visit_fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'card', $10, ${NEXT_CHARGE_NO}, $11, $12, $13, $14) RETURNING payment_id`,
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
        session.id,
        ...coverOnReceipt(appointment),
      ],
    )) as { payment_id: number }[];
    return { url: session.url, session_id: session.id, payment_id: row.payment_id, ...charged };
  }

  /**
   * A Checkout Session of the last hour for the same appointment and amount that Stripe still has open: paying
   * again (a second click, a return from the checkout page) goes back to it instead of leaving another pending
   * attempt in the history.
   */
  private async openSession(appointmentId: number, amount: number, base: string): Promise<Omit<CreateCardPaymentReply, 'amount'> | null> {
    const [row] = (await this.dataSource.query(
      `SELECT payment_id, stripe_session_id, amount::float8 AS amount FROM payments
        WHERE appointment_id = $1 AND method = 'card' AND status = 'pending' AND created_at > now() - interval '1 hour'
        ORDER BY created_at DESC LIMIT 1`,
      [appointmentId],
    )) as { payment_id: number; stripe_session_id: string; amount: number }[];
    if (!row || kesToCents(row.amount) !== kesToCents(amount)) return null;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(row.stripe_session_id);
      // A session made for another origin would bring the patient back to the wrong site: make a new one.
      const sameReturn = !session.success_url || session.success_url.startsWith(`${base}/`);
      return session.status === 'open' && session.url && sameReturn ? { url: session.url, session_id: session.id, payment_id: row.payment_id } : null;
    } catch {
      return null;
    }
  }

  /** POST /payments/confirm: asks Stripe for the session; the client's payment_status is never read. */
  async confirm(caller: Principal, payload: ConfirmCardPaymentPayload): Promise<ConfirmCardPaymentReply> {
    const row = await this.store.find(this.dataSource.manager, 'stripe_session_id', payload.transaction_id);
    if (!row || row.appointment_id !== payload.appointment_id || (caller.role !== 'admin' && row.user_id !== caller.userId)) {
      throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    }
    if (row.status === 'completed') return { message: PAYMENT_MESSAGES.confirmed, paid: true, payment: toPaymentView(row) };
    let session: CheckoutSession;
    try {
      session = await this.stripe.checkout.sessions.retrieve(payload.transaction_id);
    } catch (error) {
      this.logger.warn(`retrieving session ${payload.transaction_id} failed: ${(error as Error).message}`);
      throw new RpcFailure(502, PAYMENT_MESSAGES.confirmFailed);
    }
    const updated = await this.dataSource.transaction((manager) => this.fulfil(manager, session));
    const current = updated ?? row;
    const paid = current.status === 'completed';
    return { message: paid ? PAYMENT_MESSAGES.confirmed : current.failure_reason ?? PAYMENT_MESSAGES.notPaidYet, paid, payment: toPaymentView(current) };
  }

  /**
   * POST /payments/stripe/webhook. The raw body's signature is checked with Stripe's scheme (constructEvent:
   * HMAC over "timestamp.body", 5-minute tolerance); each event id is applied once.
   */
  async webhook({ raw_body, signature }: StripeWebhookPayload): Promise<StripeWebhookReply> {
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    let event: StripeEvent;
    try {
      event = this.stripe.webhooks.constructEvent(raw_body, signature, this.config.stripe.webhookSecret);
    } catch (error) {
      this.logger.warn(`webhook refused: ${(error as Error).message}`);
      throw badRequest('Invalid Stripe signature');
    }
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.store.firstDelivery(manager, 'stripe', event.id, event.type))) return;
      await this.apply(manager, event);
    });
    return { received: true };
  }

  private async apply(manager: EntityManager, event: StripeEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await this.fulfil(manager, event.data.object);
        return;
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const row = await this.store.lock(manager, 'stripe_session_id', event.data.object.id);
        if (!row) return this.unknown(event.type, event.data.object.id);
        const reason = event.type === 'checkout.session.expired' ? 'The checkout session expired before payment.' : 'The card payment failed.';
        await this.store.fail(manager, row, reason, event.data.object.id);
        return;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
        const row = intent ? await this.store.lock(manager, 'stripe_payment_intent', intent) : null;
        if (!row) return this.unknown(event.type, intent ?? charge.id);
        if (charge.amount_refunded >= charge.amount) await this.store.refund(manager, row, 'Refunded in Stripe', charge.id);
        return;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object;
        const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
        const row = intent ? await this.store.lock(manager, 'stripe_payment_intent', intent) : null;
        if (!row) return this.unknown(event.type, intent ?? dispute.id);
        await this.store.flag(manager, row, 'stripe', `Card dispute opened (${dispute.reason})`, dispute.amount / 100, dispute.id);
        return;
      }
      default:
        this.logger.log(`ignoring Stripe event ${event.type}`);
    }
  }

  /**
   * A session Stripe reported: paid, for the amount and appointment we created it for → completed. A wrong
   * amount or appointment is flagged and not paid. Returns the row as it now is (null when unknown).
   */
  private async fulfil(manager: EntityManager, session: CheckoutSession): Promise<PaymentRow | null> {
    const row = await this.store.lock(manager, 'stripe_session_id', session.id);
    if (!row) {
      this.unknown('checkout session', session.id);
      return null;
    }
    if (row.status !== 'pending') return row;
    if (session.payment_status !== 'paid') return row;
    const expected = kesToCents(row.amount);
    if (session.amount_total !== expected || session.currency !== 'kes' || session.client_reference_id !== String(row.appointment_id)) {
      await this.store.flag(
        manager,
        row,
        'amount_mismatch',
        `Stripe reported ${session.currency?.toUpperCase()} ${(session.amount_total ?? 0) / 100} for appointment ${session.client_reference_id}; expected KES ${row.amount} for appointment ${row.appointment_id}`,
        (session.amount_total ?? 0) / 100,
        `mismatch:${session.id}`,
      );
      return this.store.fail(manager, row, 'The amount paid does not match the appointment (flagged for review).', session.id);
    }
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id ?? null;
    return this.store.complete(manager, row, { providerReference: session.id, paymentIntent: intent });
  }

  private unknown(what: string, id: string): void {
    this.logger.warn(`Stripe ${what} ${id} matches no payment of ours: ignored`);
  }

  /** Refunds a card payment at Stripe (idempotent per payment); the caller marks it refunded. */
  async refundAtStripe(row: PaymentRow, reason: string): Promise<string> {
    if (!row.stripe_payment_intent) throw new RpcFailure(409, 'This card payment has no Stripe charge to refund');
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: row.stripe_payment_intent, reason: 'requested_by_customer', metadata: { payment_id: String(row.payment_id), note: reason.slice(0, 400) } },
        { idempotencyKey: `refund-${row.payment_id}` },
      );
      return refund.id;
    } catch (error) {
      this.logger.error(`Stripe refund of payment ${row.payment_id} failed: ${(error as Error).message}`);
      throw new RpcFailure(502, 'Stripe did not accept the refund. Please try again.');
    }
  }
}
