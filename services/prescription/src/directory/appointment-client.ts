import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { isJsonTextReply, isRpcErrorBody, NATS_CONNECTION, portableContext, Principal, RpcFailure, subject } from '@afya/service-shared';
import { AppointmentPatterns, AppointmentReply, AppointmentView } from '@afya/appointment-service/contracts';

/**
 * Asks the appointment service (its contract, over NATS, Nest's packet shape) when a write needs a fresh answer
 * rather than the read model: the appointment a prescription is written for. Its access rules apply to the
 * caller (another doctor's appointment answers 404), and its errors pass through as they are.
 */
@Injectable()
export class AppointmentClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async get(actor: Principal, appointmentId: number, requestId?: string): Promise<AppointmentView> {
    const pattern = subject(AppointmentPatterns.get);
    const body = JSON.stringify({ pattern, id: randomUUID(), data: { principal: actor, payload: { id: appointmentId }, requestId, context: portableContext(), via: 'prescription' } });
    let reply;
    try {
      reply = await this.nc.request(pattern, Buffer.from(body), { timeout: 5000 });
    } catch {
      throw new RpcFailure(503, 'The appointment service is unavailable right now. Please try again shortly.');
    }
    if (isJsonTextReply(reply.headers)) return (JSON.parse(Buffer.from(reply.data).toString('utf8')) as AppointmentReply).appointment;
    const packet = JSON.parse(Buffer.from(reply.data).toString('utf8')) as { response?: AppointmentReply; err?: unknown };
    if (packet.err != null) {
      if (isRpcErrorBody(packet.err)) throw new RpcFailure(packet.err.statusCode, packet.err.message);
      throw new RpcFailure(502, 'The appointment service failed to answer.');
    }
    return packet.response!.appointment;
  }
}
