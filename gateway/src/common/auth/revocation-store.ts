import { Inject, Injectable, Logger, OnApplicationBootstrap, ServiceUnavailableException } from '@nestjs/common';
import { JSONCodec, NatsConnection } from 'nats';
import { NATS_CONNECTION, subject } from '@afya/service-shared';
import { AuthBroadcasts, AuthPatterns, Revocation, RevocationsSnapshot } from '@afya/auth-service/contracts';
import { ServiceClient } from '../bus/service-client';

const codec = JSONCodec<Revocation>();

/**
 * Revoked tokens, held in memory so checking costs two map lookups per request. Every gateway replica
 * hears revocations from auth's broadcast at once and reloads the full snapshot after (re)connecting;
 * the replica that handled a logout or password change also applies it before answering.
 */
@Injectable()
export class RevocationStore implements OnApplicationBootstrap {
  private readonly logger = new Logger('RevocationStore');
  private readonly revokedTokens = new Map<string, number>();
  private readonly sessionVersions = new Map<number, number>();
  private loaded?: Promise<void>;
  private isLoaded = false;
  /** Who holds something open for a token (server-sent event streams): told of every revocation as it arrives. */
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly bus: ServiceClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const subscription = this.nc.subscribe(subject(AuthBroadcasts.revocation));
    void (async () => {
      for await (const message of subscription) this.apply(codec.decode(message.data));
    })();
    void (async () => {
      for await (const status of this.nc.status()) {
        if (status.type === 'reconnect') this.reload();
      }
    })();
    this.reload();
    this.loaded!.catch(() => undefined);
    setInterval(() => this.prune(), 60_000).unref();
  }

  /** Resolves once a snapshot is loaded; until then authenticated calls get 503, never a revoked token through. */
  async ready(): Promise<void> {
    if (this.isLoaded) return;
    try {
      await this.loaded;
    } catch {
      this.reload();
      try {
        await this.loaded;
      } catch {
        throw new ServiceUnavailableException('Sign-in is unavailable right now. Please try again shortly.');
      }
    }
  }

  isReady(): boolean {
    return this.isLoaded;
  }

  isRevoked(claims: { sub: string; jti: string; sv?: number }): boolean {
    if (this.revokedTokens.has(claims.jti)) return true;
    const minimum = this.sessionVersions.get(Number(claims.sub));
    return minimum !== undefined && (claims.sv ?? 0) < minimum;
  }

  apply(revocation: Revocation): void {
    if (revocation.kind === 'token') this.revokedTokens.set(revocation.jti, revocation.exp);
    else this.sessionVersions.set(revocation.userId, Math.max(revocation.sessionVersion, this.sessionVersions.get(revocation.userId) ?? 0));
    for (const listener of this.listeners) listener();
  }

  /**
   * Calls `listener` after each revocation this replica learns (broadcast or snapshot), so what a token keeps open
   * ends at once rather than at its expiry. Returns the unsubscribe function.
   */
  onRevocation(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private reload(): void {
    this.loaded = this.bus.send<RevocationsSnapshot>(subject(AuthPatterns.revocations), {}).then((snapshot) => {
      for (const token of snapshot.tokens) this.apply({ kind: 'token', ...token });
      for (const user of snapshot.users) this.apply({ kind: 'user', ...user });
      this.isLoaded = true;
    });
    this.loaded.catch((error: Error) => this.logger.warn(`revocation snapshot not loaded yet: ${error.message}`));
  }

  private prune(): void {
    const now = Date.now() / 1000;
    for (const [jti, exp] of this.revokedTokens) if (exp < now) this.revokedTokens.delete(jti);
  }
}
