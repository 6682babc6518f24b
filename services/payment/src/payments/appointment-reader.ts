import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from 'nats';
import { envInt, isRpcErrorBody, NATS_CONNECTION, portableContext, Principal, RpcFailure, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns, AppointmentReply, AppointmentView } from '@afya/appointment-service/contracts';

/**
 * Reads one appointment from the appointment service, as the caller: the appointment service applies its own
 * ownership rule (another patient's appointment answers 404), so the amount, owner and status a payment is
 * created for always come from the service that owns them, never from the browser.
 *
 * Request-reply in Nest's NATS packet format (`{pattern, data, id}` → `{response}` or `{err}`), the format the
 * services' ServerNats answers in.
 */
@Injectable()
export class AppointmentReader {
  private readonly timeoutMs = envInt('RPC_TIMEOUT_MS', 5000);

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async get(caller: Principal, appointmentId: number, requestId?: string): Promise<AppointmentView> {
    const pattern = subject(AppointmentPatterns.get);
    const data: RpcRequest<{ id: number }> = { principal: caller, payload: { id: appointmentId }, requestId, context: portableContext(), via: 'payment' };
    let packet: { response?: AppointmentReply; err?: unknown };
    try {
      const reply = await this.nc.request(pattern, JSON.stringify({ pattern, data, id: randomUUID() }), { timeout: this.timeoutMs });
      packet = JSON.parse(Buffer.from(reply.data).toString('utf8')) as typeof packet;
    } catch {
      throw new RpcFailure(503, 'The appointment service is unavailable right now. Please try again shortly.');
    }
    if (packet.err !== undefined && packet.err !== null) {
      if (isRpcErrorBody(packet.err)) throw new RpcFailure(packet.err.statusCode, packet.err.message);
      throw new RpcFailure(502, 'The appointment service failed to answer.');
    }
    if (!packet.response?.appointment) throw new RpcFailure(502, 'The appointment service failed to answer.');
    return packet.response.appointment;
  }
}
