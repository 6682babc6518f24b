import { Injectable } from '@nestjs/common';
import { badRequest, forbidden, Principal, unauthorized } from '@afya/service-shared';
import {
  LoginPayload,
  LoginReply,
  LogoutPayload,
  RegisterPayload,
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

export const INVALID_LOGIN = 'Invalid email or password';

@Injectable()
export class SessionsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenIssuer,
    private readonly broadcaster: RevocationBroadcaster,
  ) {}

  /** Self-registration creates a patient; an admin caller may set role and status (SPEC.md section 7). */
  async register(payload: RegisterPayload, caller: Principal | null): Promise<{ user: SessionUser }> {
    const byAdmin = caller?.role === 'admin';
    const user = await this.users.create({
      firstname: payload.firstname,
      lastname: payload.lastname,
      email: payload.email,
      passwordHash: await hashPassword(payload.password),
      role: byAdmin && payload.role ? payload.role : 'user',
      status: byAdmin && payload.status ? payload.status : 'active',
      contactPhone: payload.contact_phone,
      address: payload.address,
      mustChangePassword: byAdmin,
    });
    return { user: toSessionUser(user) };
  }

  async login(payload: LoginPayload): Promise<LoginReply> {
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
    await manager.query(`DELETE FROM token_revocations WHERE expires_at < now()`);
    const tokens: { jti: string; exp: string }[] = await manager.query(
      `SELECT jti, floor(extract(epoch FROM expires_at))::bigint AS exp FROM token_revocations`,
    );
    const users: { user_id: number; session_version: number }[] = await manager.query(
      `SELECT user_id, session_version FROM users WHERE session_version > 0`,
    );
    return {
      tokens: tokens.map((t) => ({ jti: t.jti, exp: Number(t.exp) })),
      users: users.map((u) => ({ userId: u.user_id, sessionVersion: u.session_version })),
    };
  }
}
