import { BadRequestException } from '@nestjs/common';
import { subject } from '@afya/service-shared';
import type { CreateCardPaymentPayload, PaymentCalls } from '@afya/payment-service/contracts';
import type { CallHandlings } from '../../common/calls/bus-calls';

/**
 * What the gateway does for the payment service's declared calls (services/payment/contracts/calls.ts) beyond
 * forwarding them: the card payment takes the request's Origin along (Stripe returns there when it is allowed), and
 * the M-Pesa status refuses a malformed CheckoutRequestID with its one message.
 */
export const PAYMENT_CALL_HANDLINGS: CallHandlings<typeof PaymentCalls> = {
  create: {
    handle({ input: { body }, bus, caller, meta, request }) {
      const origin = request.headers.origin;
      const payload: CreateCardPaymentPayload = { appointment_id: body.appointment_id, amount: body.amount, origin: typeof origin === 'string' ? origin : undefined };
      return bus.send(subject(meta.subject), payload, caller, meta.timeoutMs);
    },
  },
  stkStatus: {
    async handle({ input: { params }, bus, caller, meta }) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.checkoutRequestId)) throw new BadRequestException('Invalid CheckoutRequestID');
      return bus.send(subject(meta.subject), { checkout_request_id: params.checkoutRequestId }, caller);
    },
  },
};
