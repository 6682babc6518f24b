import { Controller, Get, HttpStatus, OnModuleDestroy, OnModuleInit, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { registerReadinessCheck, subject, type ServiceHealth } from '@afya/service-shared';
import { Public } from '../../common/auth/access.decorators';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { SERVICE_HEALTH_PATTERNS } from './service-health-patterns';

type Status = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'degraded';
  nats: Status;
  postgres: Status;
  services: Record<string, { status: Status; database: Status }>;
}

@ApiTags('health')
@Controller('health')
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private unregisterReadiness?: () => void;

  constructor(
    private readonly bus: ServiceClient,
    private readonly revocations: RevocationStore,
  ) {}

  /** The same readiness on the ops port's /health/ready (the kubelet probes that one; it also reports shutdown). */
  onModuleInit(): void {
    this.unregisterReadiness = registerReadinessCheck('gateway', () => {
      const { nats, revocations } = this.readiness();
      if (nats !== 'up' || revocations !== 'loaded') throw new Error(`nats ${nats}, revocations ${revocations}`);
    });
  }

  onModuleDestroy(): void {
    this.unregisterReadiness?.();
  }

  private readiness(): { nats: Status; revocations: 'loaded' | 'pending' } {
    return { nats: this.bus.isConnected() ? 'up' : 'down', revocations: this.revocations.isReady() ? 'loaded' : 'pending' };
  }

  /** Liveness: the process answers. Depends on nothing else, so an outage elsewhere never restarts gateways. */
  @Public()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * Readiness: this replica can serve: connected to NATS and holding the revocation list. One service
   * being down does not make the gateway unready (its routes answer 503 on their own).
   */
  @Public()
  @ApiOperation({ summary: 'Readiness: NATS connected, revocations received' })
  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply): { status: 'ready' | 'not-ready'; nats: Status; revocations: 'loaded' | 'pending' } {
    const { nats, revocations } = this.readiness();
    const ok = nats === 'up' && revocations === 'loaded';
    reply.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'not-ready', nats, revocations };
  }

  /** 200 when NATS, every service and each service's PostgreSQL schema answer; 503 otherwise. */
  @Public()
  @ApiOperation({ summary: 'Health of NATS, every service and each service\'s database' })
  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const entries = await Promise.all(
      Object.entries(SERVICE_HEALTH_PATTERNS).map(async ([name, pattern]) => {
        const health = await this.bus
          .send<ServiceHealth>(subject(pattern), {}, undefined, 1500)
          .catch(() => ({ status: 'down' as const, database: 'down' as const }));
        return [name, { status: health.status, database: health.database }] as const;
      }),
    );
    const services = Object.fromEntries(entries);
    const anyAnswered = entries.some(([, h]) => h.status === 'up' || h.database === 'up');
    const allUp = entries.every(([, h]) => h.status === 'up');
    const report: HealthReport = {
      status: allUp ? 'ok' : 'degraded',
      nats: anyAnswered || this.bus.isConnected() ? 'up' : 'down',
      postgres: entries.some(([, h]) => h.database === 'up') ? 'up' : 'down',
      services,
    };
    reply.status(allUp ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return report;
  }
}
