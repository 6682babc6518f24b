import { Inject, Injectable, Logger } from '@nestjs/common';
import { JSONCodec, NatsConnection } from 'nats';
import { NATS_CONNECTION, subject } from '@afya/service-shared';
import { AuthBroadcasts, Revocation } from '../../contracts';

const codec = JSONCodec<Revocation>();

/**
 * Tells every gateway replica at once that tokens are revoked (core NATS fan-out, no queue group).
 * A gateway that missed it (disconnected) reloads the full snapshot when it reconnects.
 */
@Injectable()
export class RevocationBroadcaster {
  private readonly logger = new Logger('RevocationBroadcaster');

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  announce(revocation: Revocation): void {
    try {
      this.nc.publish(subject(AuthBroadcasts.revocation), codec.encode(revocation));
    } catch (error) {
      this.logger.warn(`could not broadcast revocation: ${(error as Error).message}`);
    }
  }
}
