import { Injectable } from '@nestjs/common';
import { LessThan, MoreThan } from 'typeorm';
import { badRequest, forbidden, parsePayload, Principal, requestLanguage, unauthorized } from '@afya/service-shared';
import {
  AuthMessages,
  LoginBodySchema,
  LoginReply,
  LogoutPayload,
  RegisterBodySchema,
  Revocation,
  RevocationsSnapshot,
  SessionUser,
} from '../../contracts';
import { UserEntity } from '../users/user.entity';
import { toSessionUser } from '../users/user.mapper';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../users/passwords';
import { UsersRepository } from '../users/users.repository';
import { RevocationBroadcaster } from './revocation-broadcaster';
import { TokenIssuer } from './token-issuer';
import { TokenRevocationEntity } from './token-revocation.entity';
import { cleanName } from '../profile/profile-rules';

export const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class SessionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenIssuer,
    private readonly broadcaster: RevocationBroadcaster,
  ) {}

  /** Self-registration creates a patient; an admin caller may set role and status (CONTRACT.md §7). */
  async register(request: unknown, caller: Principal | null): Promise<{ user: SessionUser }> {
    const byAdmin = caller?.role === 'admin';
    const payload = parsePayload(RegisterBodySchema, request);
    // A person registering gives an address (the schema holds it to its rule); an admin registering someone may
    // leave it for them to fill in.
    if (!byAdmin && payload.address === undefined) throw badRequest(AuthMessages.address);
    const user = await this.users.create({
      // Bidi controls are stripped from names here as in profile updates (profile-rules.ts).
      firstname: cleanName(payload.firstname),
      lastname: cleanName(payload.lastname),
      email: payload.email,
      passwordHash: await hashPassword(payload.password),
      role: byAdmin && payload.role ? payload.role : 'user',
      status: byAdmin && payload.status ? payload.status : 'active',
      contactPhone: payload.contact_phone,
      address: payload.address,
      mustChangePassword: byAdmin,
      // The language chosen on the form; else the one the person's browser asked for (Accept-Language, carried in
      // the request context), English when none. An admin's request says the admin's language, not the new user's.
      language: payload.language ?? (byAdmin ? 'en' : requestLanguage()),
    });
    return { user: toSessionUser(user) };
  }

  async login(request: unknown): Promise<LoginReply> {
    const payload = parsePayload(LoginBodySchema, request);
    const user = await this.users.findLiveByEmail(payload.email);
    if (!user) {
      await verifyPassword(await DUMMY_HASH_PROMISE, payload.password);
      throw unauthorized(INVALID_LOGIN, 'INVALID_CREDENTIALS');
    }
    if (!(await verifyPassword(user.passwordHash, payload.password))) throw unauthorized(INVALID_LOGIN, 'INVALID_CREDENTIALS');
    if (user.status === 'suspended') throw forbidden('Your account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
    if (user.status === 'inactive') throw forbidden('Your account is inactive. Please contact support.', 'ACCOUNT_INACTIVE');
    user.lastLogin = new Date();
    await this.users.dataSource.manager.update(UserEntity, { userId: user.userId }, { lastLogin: user.lastLogin });
    return { token: this.tokens.issue(user), user: toSessionUser(user) };
  }

  async logout(principal: Principal, payload: LogoutPayload): Promise<{ message: string; revocation: Revocation }> {
    if (!payload?.jti || !Number.isFinite(payload.exp)) throw badRequest('Token id missing');
    await this.users.dataSource.manager
      .createQueryBuilder()
      .insert()
      .into(TokenRevocationEntity)
      .values({ jti: payload.jti, userId: principal.userId, expiresAt: new Date(payload.exp * 1000) })
      .orIgnore()
      .execute();
    const revocation: Revocation = { kind: 'token', jti: payload.jti, exp: payload.exp };
    this.broadcaster.announce(revocation);
    return { message: 'Logged out', revocation };
  }

  /** Everything a gateway needs to refuse revoked tokens after a (re)start. */
  async revocations(): Promise<RevocationsSnapshot> {
    const manager = this.users.dataSource.manager;
    await manager.delete(TokenRevocationEntity, { expiresAt: LessThan(new Date()) });
    const tokens = await manager.find(TokenRevocationEntity, { select: { jti: true, expiresAt: true } });
    const users = await manager.find(UserEntity, { select: { userId: true, sessionVersion: true }, where: { sessionVersion: MoreThan(0) } });
    return {
      // exp in whole seconds, as the token's own claim (the row keeps the instant the token expires).
      tokens: tokens.map((t) => ({ jti: t.jti, exp: Math.floor(t.expiresAt.getTime() / 1000) })),
      users: users.map((u) => ({ userId: u.userId, sessionVersion: u.sessionVersion })),
    };
  }
}
