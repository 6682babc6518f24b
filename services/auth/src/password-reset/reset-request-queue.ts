import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { In } from 'typeorm';
import { badRequest, BusClient, currentRequestContext, RpcFailure, runWithRequestContext, subject, withoutDeadline } from '@afya/service-shared';
import { SupportPatterns } from '@afya/support-service/contracts';
import { AuthMessages, type ForgotPasswordPayload, type ForgotPasswordReply } from '../../contracts';
import { UsersRepository } from '../users/users.repository';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetRequestEntity } from './reset-request.entity';
import { RESET_REQUEST_LEASE_MS, resetRequestRetryMs, resetRequestStale } from './reset-rules';

/**
 * How long after a request is stored its work starts: the reply has left by then, so the work (a transaction, a call to
 * the support service) never competes with it, even where they share a process or a busy event loop.
 */
const START_DELAY_MS = 200;
/** Requests claimed (and handled side by side) at a time. */
const BATCH = 10;
/** The safety net: requests left by a crash, or waiting for a retry, are looked for this often. */
const SWEEP_MS = 5_000;
/** How long the support service may take to hand a message to the SMTP server or the SMS provider. */
const SEND_TIMEOUT_MS = 20_000;

/**
 * Forgot-password requests, handed off (issue 43: no account enumeration by timing). `add` stores the request, the same
 * one INSERT whether or not an account matches, and the reply goes at once; the queue then looks the account up, makes
 * the link or code (PasswordResetService.prepare) and has the support service send it. Nothing is lost when something
 * fails after the reply: a request is deleted only once handled; a send the support service could not take (not
 * running, too slow) is tried again with a backoff; a request whose handler died reappears when its lease ends. Each
 * try makes a fresh link or code (the stored one is only a hash), which voids the one before.
 *
 * Woken shortly after each request (after its reply), with a slow sweep as the safety net; rows are claimed with SKIP
 * LOCKED, so replicas share the work. It runs outside the request's deadline, in a context carrying its request id.
 */
@Injectable()
export class ResetRequestQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ResetRequestQueue');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetService,
    private readonly bus: BusClient,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
    this.kick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Stores a request and answers; the work starts START_DELAY_MS later, after the reply has gone. */
  async add(payload: ForgotPasswordPayload): Promise<ForgotPasswordReply> {
    const email = typeof payload?.email === 'string' ? payload.email.trim() : '';
    const phone = typeof payload?.phone === 'string' ? payload.phone.trim() : '';
    if (!email && !phone) throw badRequest(AuthMessages.resetNeedsEmailOrPhone);
    await this.users.dataSource.manager.insert(PasswordResetRequestEntity, {
      email: email || null,
      phone: email ? null : phone,
      requestRef: currentRequestContext()?.requestId ?? null,
    });
    setTimeout(() => this.kick(), START_DELAY_MS).unref();
    return { message: AuthMessages.resetSent };
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = withoutDeadline(() => this.drain())
      .then(() => undefined)
      .catch((error: Error) => this.logger.warn(`password reset requests: ${error.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Handles every request due; returns how many were handled (sent, found without an account, or given up). */
  async drain(): Promise<number> {
    let handled = 0;
    while (!this.stopped) {
      const batch = await this.claim();
      if (!batch.length) break;
      const done = await Promise.all(batch.map((request) => runWithRequestContext({ requestId: request.requestRef ?? randomUUID() }, () => this.handle(request))));
      handled += done.filter(Boolean).length;
    }
    return handled;
  }

  /** Up to BATCH requests due, each hidden from other replicas for RESET_REQUEST_LEASE_MS and counted as a try. */
  private claim(): Promise<PasswordResetRequestEntity[]> {
    return this.users.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(PasswordResetRequestEntity, 'r')
        .where('r.next_attempt_at <= now()')
        .orderBy('r.request_id', 'ASC')
        .limit(BATCH)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (!due.length) return [];
      await manager.update(
        PasswordResetRequestEntity,
        { requestId: In(due.map((r) => r.requestId)) },
        { attempts: () => 'attempts + 1', nextAttemptAt: () => `now() + interval '${RESET_REQUEST_LEASE_MS} milliseconds'` },
      );
      return due.map((r) => Object.assign(r, { attempts: r.attempts + 1 }));
    });
  }

  /** True when the request is finished with (and deleted); false when it waits for another try. */
  private async handle(request: PasswordResetRequestEntity): Promise<boolean> {
    const manager = this.users.dataSource.manager;
    if (resetRequestStale(request)) {
      this.logger.warn(`password reset request ${request.requestId} given up after ${request.attempts - 1} tries`);
      await manager.delete(PasswordResetRequestEntity, { requestId: request.requestId });
      return true;
    }
    try {
      const delivery = await this.resets.prepare(request);
      if (delivery) await this.bus.request(subject(SupportPatterns.passwordReset), delivery, { principal: null, via: 'auth', timeoutMs: SEND_TIMEOUT_MS });
    } catch (error) {
      // The support service's own refusal (a 4xx) would be the same next time; anything else is worth another try.
      if (error instanceof RpcFailure && error.body.statusCode < 500) {
        this.logger.warn(`password reset request ${request.requestId} refused: ${error.body.message}`);
      } else {
        const retryMs = resetRequestRetryMs(request.attempts);
        this.logger.warn(`password reset request ${request.requestId} not handed over (${(error as Error).message}); trying again in ${retryMs / 1000} s`);
        await manager.update(PasswordResetRequestEntity, { requestId: request.requestId }, { nextAttemptAt: () => `now() + interval '${retryMs} milliseconds'` });
        return false;
      }
    }
    await manager.delete(PasswordResetRequestEntity, { requestId: request.requestId });
    return true;
  }
}
