import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { conflict, forbidden, notFound, parsePayload, Principal } from '@afya/service-shared';
import {
  AccountExportReply,
  DecideErasurePayload,
  ErasureListPayload,
  ErasureListReply,
  ErasureMessages,
  ErasureReply,
  ErasureRequestView,
  RequestErasurePayload,
  DecideErasureBodySchema,
  ErasureListQuerySchema,
  RequestErasureBodySchema,
} from '../../contracts';
import { familyExport } from '../family/family-export';
import { RevocationBroadcaster } from '../sessions/revocation-broadcaster';
import { UserEntity } from '../users/user.entity';
import { toSessionUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { eraseUser } from './erase-user';
import { ErasureRequestEntity } from './erasure-request.entity';
import { PasswordResetEntity } from '../password-reset/password-reset.entity';
import { TokenRevocationEntity } from '../sessions/token-revocation.entity';

const ERASURE_LIST_MAX = 200;

function toView(request: ErasureRequestEntity, user: UserEntity | undefined): ErasureRequestView {
  return {
    request_id: request.requestId,
    user_id: request.userId,
    user_name: user ? `${user.firstname} ${user.lastname}`.trim() : `User #${request.userId}`,
    user_email: user?.email ?? '',
    role: user?.role ?? 'user',
    status: request.status,
    reason: request.reason,
    requested_at: request.requestedAt.toISOString(),
    decided_at: request.decidedAt ? request.decidedAt.toISOString() : null,
    decided_by: request.decidedBy,
  };
}

/**
 * Data rights held by auth: a patient's erasure request and an admin's decision (approval erases the account:
 * eraseUser), and the account's part of the patient's data export.
 */
@Injectable()
export class DataRightsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly broadcaster: RevocationBroadcaster,
  ) {}

  private get manager(): EntityManager {
    return this.users.dataSource.manager;
  }

  private async views(manager: EntityManager, requests: ErasureRequestEntity[]): Promise<ErasureRequestView[]> {
    const ids = [...new Set(requests.map((r) => r.userId))];
    const users = ids.length ? await manager.find(UserEntity, { where: { userId: In(ids) } }) : [];
    return requests.map((r) => toView(r, users.find((u) => u.userId === r.userId)));
  }

  /** A patient or a doctor asks for their account's erasure; one pending request at a time (409). */
  async request(principal: Principal, payload: RequestErasurePayload): Promise<ErasureReply> {
    if (principal.role === 'admin') throw forbidden(ErasureMessages.adminsCannotAsk);
    const reason = (parsePayload(RequestErasureBodySchema, payload).reason ?? '').trim();
    return this.users.dataSource.transaction(async (manager) => {
      const user = await this.users.getLive(principal.userId, manager, true);
      const pending = await manager.findOne(ErasureRequestEntity, { where: { userId: user.userId, status: 'pending' } });
      if (pending) throw conflict(ErasureMessages.alreadyPending, 'ERASURE_PENDING');
      const saved = await manager.save(manager.create(ErasureRequestEntity, { userId: user.userId, status: 'pending', reason: reason || null }));
      return { request: toView(saved, user), message: ErasureMessages.requested };
    });
  }

  /** The caller's latest request (the profile shows whether one is waiting), or null. */
  async status(principal: Principal): Promise<ErasureReply> {
    const latest = await this.manager.findOne(ErasureRequestEntity, { where: { userId: principal.userId }, order: { requestedAt: 'DESC', requestId: 'DESC' } });
    if (!latest) return { request: null };
    return { request: (await this.views(this.manager, [latest]))[0] };
  }

  /** Admins: the requests, pending first then the latest decided. */
  async list(principal: Principal, payload: ErasureListPayload): Promise<ErasureListReply> {
    if (principal.role !== 'admin') throw forbidden();
    const { status } = parsePayload(ErasureListQuerySchema, payload);
    const requests = await this.manager.find(ErasureRequestEntity, {
      where: status ? { status } : {},
      order: { requestedAt: 'DESC', requestId: 'DESC' },
      take: ERASURE_LIST_MAX,
    });
    requests.sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
    return { requests: await this.views(this.manager, requests) };
  }

  /** Admins approve (the account is erased in the same transaction) or reject a pending request. */
  async decide(principal: Principal, payload: DecideErasurePayload): Promise<ErasureReply> {
    if (principal.role !== 'admin') throw forbidden();
    parsePayload(DecideErasureBodySchema, payload);
    const id = Number(payload.id);
    if (!Number.isInteger(id) || id < 1) throw notFound(ErasureMessages.notFound);
    const { request, user } = await this.users.dataSource.transaction(async (manager) => {
      const request = await manager.findOne(ErasureRequestEntity, { where: { requestId: id }, lock: { mode: 'pessimistic_write' } });
      if (!request) throw notFound(ErasureMessages.notFound);
      if (request.status !== 'pending') throw conflict(ErasureMessages.notPending, 'ERASURE_DECIDED');
      request.status = payload.decision === 'approve' ? 'approved' : 'rejected';
      request.decidedAt = new Date();
      request.decidedBy = principal.userId;
      await manager.save(request);
      let user = await manager.findOne(UserEntity, { where: { userId: request.userId }, lock: { mode: 'pessimistic_write' } });
      if (user && request.status === 'approved' && !user.deletedAt) user = await eraseUser(manager, user);
      return { request, user: user ?? undefined };
    });
    if (request.status === 'approved' && user) this.broadcaster.announce({ kind: 'user', userId: user.userId, sessionVersion: user.sessionVersion });
    return { request: toView(request, user), message: request.status === 'approved' ? ErasureMessages.approved : ErasureMessages.rejected };
  }

  /** The caller's account as auth holds it (no password hash), and their erasure requests. */
  async export(principal: Principal): Promise<AccountExportReply> {
    const user = await this.users.getLive(principal.userId);
    const requests = await this.manager.find(ErasureRequestEntity, { where: { userId: user.userId }, order: { requestedAt: 'ASC' } });
    const resets = await this.manager.find(PasswordResetEntity, { where: { userId: user.userId }, order: { createdAt: 'ASC', resetId: 'ASC' } });
    const revoked = await this.manager.find(TokenRevocationEntity, { where: { userId: user.userId }, order: { expiresAt: 'ASC', jti: 'ASC' } });
    return {
      account: {
        ...toSessionUser(user),
        created_at: user.createdAt.toISOString(),
        last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
        has_profile_picture: user.profilePictureId !== null,
      },
      erasure_requests: requests.map((r) => toView(r, user)),
      password_resets: resets.map((r) => ({
        channel: r.channel,
        requested_at: r.createdAt.toISOString(),
        expires_at: r.expiresAt.toISOString(),
        used_at: r.usedAt ? r.usedAt.toISOString() : null,
        attempts: r.attempts,
      })),
      signed_out_sessions: revoked.map((r) => ({ token_id: r.jti, valid_until: r.expiresAt.toISOString() })),
      family: await familyExport(this.manager, user.userId),
    };
  }
}
