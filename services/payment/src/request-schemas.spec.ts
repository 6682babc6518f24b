import { issueMessages } from '@afya/service-shared/schema';
import { ConfirmPaymentBodySchema, CreatePaymentBodySchema, PAYMENT_MESSAGES, RefundPayloadSchema, StkPushBodySchema } from '../contracts';

function verdict(schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : issueMessages(result.error as never)[0];
}

describe('the payment requests (one schema: gateway, service, web types)', () => {
  it('take the appointment and the amount the client shows, as numbers or their text', () => {
    expect(CreatePaymentBodySchema.parse({ appointment_id: '12', amount: '150.50' })).toEqual({ appointment_id: 12, amount: 150.5 });
    expect(verdict(CreatePaymentBodySchema, { appointment_id: 0, amount: 150 })).toBe('appointment_id must be a positive whole number');
    expect(verdict(CreatePaymentBodySchema, { appointment_id: 12, amount: -1 })).toBe(PAYMENT_MESSAGES.amountMismatch);
  });

  it('confirm: a session id is needed; the client’s payment_status is accepted and not believed', () => {
    expect(verdict(ConfirmPaymentBodySchema, { appointment_id: 12, amount: 150, transaction_id: '   ' })).toBe(PAYMENT_MESSAGES.missingInfo);
    expect(verdict(ConfirmPaymentBodySchema, { appointment_id: 12, amount: 150, transaction_id: 'cs_1', payment_status: 'completed' })).toBe('ok');
  });

  it('an M-Pesa push needs a phone (which numbers are Safaricom’s is the service’s rule); a refund a reason', () => {
    expect(verdict(StkPushBodySchema, { appointment_id: 12, amount: 150 })).toBe(PAYMENT_MESSAGES.invalidPhone);
    expect(verdict(RefundPayloadSchema, { id: 3, reason: '  ' })).toBe(PAYMENT_MESSAGES.refundReasonRequired);
    expect(RefundPayloadSchema.parse({ id: 3, reason: ' Doctor unavailable ' })).toEqual({ id: 3, reason: 'Doctor unavailable' });
  });
});
