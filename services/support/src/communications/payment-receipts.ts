import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { BinaryTransfer, BusClient, type MessageLanguage, NATS_CONNECTION, runWithRequestContext, subject } from '@afya/service-shared';
import { PaymentPatterns, type ReceiptReply } from '@afya/payment-service/contracts';

/**
 * The receipt PDF of a payment, from the payment service (which renders it for GET /payments/:id/receipt: the same
 * renderer, asked over the bus, never a second copy here). Asked for the patient it belongs to, naming support as
 * the service acting for them; the bytes come through the bus's blob store.
 */
@Injectable()
export class PaymentReceipts {
  private readonly transfer: BinaryTransfer;

  constructor(
    private readonly bus: BusClient,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
  ) {
    this.transfer = new BinaryTransfer(nc);
  }

  /** In the patient's language (the request context's, as a browser's Accept-Language would give it). */
  async pdf(paymentId: number, patientId: number, language: MessageLanguage = 'en'): Promise<{ filename: string; content: Buffer }> {
    const reply = await runWithRequestContext({ requestId: randomUUID(), language }, () =>
      this.bus.request<ReceiptReply>(subject(PaymentPatterns.receipt), { id: paymentId }, { principal: { userId: patientId, role: 'user' }, via: 'support', timeoutMs: 20_000 }),
    );
    return { filename: reply.filename, content: await this.transfer.receive(reply.file) };
  }
}
