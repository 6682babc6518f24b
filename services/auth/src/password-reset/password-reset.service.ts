import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { badRequest, env, getProcessLogger, parsePayload } from '@afya/service-shared';
import { AuthMessages, PASSWORD_RESET_MINUTES, type PasswordResetDelivery, type PasswordResetReply, ResetPasswordBodySchema } from '../../contracts';
import { RevocationBroadcaster } from '../sessions/revocation-broadcaster';
import { hashPassword } from '../users/passwords';
import { applyNewPassword } from '../users/new-password';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { PasswordResetEntity } from './password-reset.entity';
import { newResetCode, newResetToken, phoneKey, resetSecretHash, resetUsable } from './reset-rules';

/**
 * Forgotten passwords. A reset link by email, or for a phone a 6-digit code by SMS; single use, valid
 * PASSWORD_RESET_MINUTES, stored as a hash; asking again voids the earlier one. A request is answered before anything
 * depends on the account (ResetRequestQueue stores it and answers; `prepare` then runs in the background), so the reply
 * is the same, in the same time, whether or not an account matched. A reset sets the password and ends every session
 * and every other reset link or code of the account (so does a password change: users/new-password.ts).
 */
@Injectable()
export class PasswordResetService {
  private readonly publicAppUrl = env('PUBLIC_APP_URL', 'http://localhost:3000').replace(/\/$/, '');

  constructor(
    private readonly users: UsersRepository,
    private readonly broadcaster: RevocationBroadcaster,
  ) {}

  /**
   * A stored request's reset: when an account matches (not suspended), its new link or code, stored hashed (voiding
   * the earlier one), and the message to send; otherwise null (nothing is sent, nothing is stored).
   */
  async prepare(request: { email?: string | null; phone?: string | null }, now: Date = new Date()): Promise<PasswordResetDelivery | null> {
    const email = request.email?.trim() ?? '';
    const phone = request.phone?.trim() ?? '';
    const user = email ? await this.users.findLiveByEmail(email) : phone ? await this.findByPhone(phone) : null;
    if (!user || user.status === 'suspended') return null;
    const channel = email ? 'email' : 'sms';
    const secret = channel === 'email' ? newResetToken() : newResetCode();
    const to = channel === 'email' ? user.email : `+254${phoneKey(user.contactPhone)}`;
    await this.users.dataSource.transaction(async (manager) => {
      // one live reset per account: asking again voids the earlier link or code
      await manager.update(PasswordResetEntity, { userId: user.userId, usedAt: IsNull() }, { usedAt: now });
      await manager.insert(PasswordResetEntity, {
        userId: user.userId,
        channel,
        secretHash: channel === 'email' ? resetSecretHash(secret) : resetSecretHash(secret, user.userId),
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        createdAt: now,
      });
    });
    getProcessLogger().info({ userId: user.userId, channel }, 'password reset requested');
    return {
      user_id: user.userId,
      channel,
      to,
      firstname: user.firstname,
      language: user.language ?? 'en',
      ...(channel === 'email' ? { link: `${this.publicAppUrl}/reset-password?token=${secret}` } : { code: secret }),
    };
  }

  async reset(request: unknown, now: Date = new Date()): Promise<PasswordResetReply> {
    const payload = parsePayload(ResetPasswordBodySchema, request);
    const password = payload.newPassword;
    const byLink = typeof payload?.token === 'string' && payload.token.length > 0;
    const invalid = () => badRequest(byLink ? AuthMessages.resetLinkInvalid : AuthMessages.resetCodeInvalid, 'RESET_INVALID');
    let reset: PasswordResetEntity | null;
    if (byLink) {
      reset = await this.users.dataSource.manager.findOne(PasswordResetEntity, { where: { secretHash: resetSecretHash(payload.token!), channel: 'email' } });
    } else {
      const code = typeof payload?.code === 'string' ? payload.code.trim() : '';
      const user = await this.findByPhone(typeof payload?.phone === 'string' ? payload.phone : '');
      if (!user || !/^\d{6}$/.test(code)) throw invalid();
      const latest = await this.users.dataSource.manager.findOne(PasswordResetEntity, { where: { userId: user.userId, channel: 'sms', usedAt: IsNull() }, order: { createdAt: 'DESC' } });
      if (!resetUsable(latest, now)) throw invalid();
      if (latest!.secretHash !== resetSecretHash(code, user.userId)) {
        // a wrong code counts: after PASSWORD_RESET_CODE_ATTEMPTS the code stops working
        await this.users.dataSource.manager.increment(PasswordResetEntity, { resetId: latest!.resetId }, 'attempts', 1);
        throw invalid();
      }
      reset = latest;
    }
    if (!resetUsable(reset, now)) throw invalid();
    const passwordHash = await hashPassword(password);
    const user = await this.users.dataSource.transaction(async (manager) => {
      // single use even when two requests race: only the one that marks it used goes on
      const marked = await manager.update(PasswordResetEntity, { resetId: reset!.resetId, usedAt: IsNull() }, { usedAt: now });
      if (!marked.affected) throw invalid();
      const current = await this.users.getLive(reset!.userId, manager, true);
      // ends the account's other links and codes too, whatever their channel
      return applyNewPassword(manager, current, passwordHash, now);
    });
    this.broadcaster.announce({ kind: 'user', userId: user.userId, sessionVersion: user.sessionVersion });
    getProcessLogger().info({ userId: user.userId }, 'password reset: every session revoked');
    return { message: AuthMessages.resetDone };
  }

  /** A patient's account by phone (the last 9 digits of a Kenyan mobile number as stored, however it was typed). */
  private async findByPhone(raw: string): Promise<UserEntity | null> {
    const key = phoneKey(raw);
    if (!key) return null;
    return this.users.dataSource.manager
      .createQueryBuilder(UserEntity, 'u')
      .where('u.deleted_at IS NULL')
      .andWhere(`right(regexp_replace(u.contact_phone, '[^0-9]', '', 'g'), 9) = :key`, { key })
      .orderBy('u.user_id', 'ASC')
      .getOne();
  }
}
