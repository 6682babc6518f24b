import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { conflict, forbidden, listTotal, parsePayload, Principal } from '@afya/service-shared';
import {
  ADMIN_USERS_PAGE_DEFAULT,
  AdminUserEntry,
  AdminUserListReply,
  AuthEvents,
  CreateUserPayload,
  CreateUserReply,
  ListUsersPayloadSchema,
  Revocation,
  UpdateUserPayload,
} from '../../contracts';
import { UserEntity } from '../users/user.entity';
import { normalizeEmail, toAdminEntry } from '../users/user.mapper';
import { generateOneTimePassword, hashPassword } from '../users/passwords';
import { recordUserEvent, revokeSessions } from '../users/user-events';
import { emailTakenOr, UsersRepository } from '../users/users.repository';
import { RevocationBroadcaster } from '../sessions/revocation-broadcaster';
import { eraseUser } from '../data-rights/erase-user';

export const LAST_ADMIN = 'You cannot remove the last admin';

function assertAdmin(principal: Principal): void {
  if (principal.role !== 'admin') throw forbidden();
}

@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly broadcaster: RevocationBroadcaster,
  ) {}

  async list(principal: Principal, request: unknown): Promise<AdminUserListReply> {
    assertAdmin(principal);
    const filters = parsePayload(ListUsersPayloadSchema, request);
    const limit = filters.limit ?? ADMIN_USERS_PAGE_DEFAULT;
    const page = filters.page ?? 1;
    // The filters once, as SQL over users alone: the page's ids (read in users_admin_list_idx order, no join while
    // skipping earlier pages) and the total (exact up to 10,000, else estimated: listTotal) come from it.
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['u.deleted_at IS NULL'];
    if (filters.role) conditions.push(`u.role = ${param(filters.role)}`);
    if (filters.status) conditions.push(`u.status = ${param(filters.status)}`);
    const search = filters.search?.trim();
    if (search) {
      // Matched through the trigram indexes on the name and the email (migration 1764200000100).
      const like = param(`%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
      conditions.push(`(u.firstname || ' ' || u.lastname ILIKE ${like} OR u.email ILIKE ${like})`);
    }
    const fromWhere = `FROM users u WHERE ${conditions.join(' AND ')}`;
    const manager = this.users.dataSource.manager;
    const [pageIds, { total, estimated }] = await Promise.all([
      manager.query(`SELECT u.user_id ${fromWhere} ORDER BY u.created_at DESC, u.user_id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`, params) as Promise<{ user_id: number }[]>,
      listTotal((sql, values) => manager.query(sql, values), fromWhere, params),
    ]);
    const ids = pageIds.map((r) => r.user_id);
    const { entities, raw } = ids.length
      ? await manager
          .createQueryBuilder(UserEntity, 'u')
          .leftJoin('user_appointment_counts', 'c', 'c.user_id = u.user_id')
          .addSelect('COALESCE(c.appointments_count, 0)', 'appointments_count')
          .where('u.user_id IN (:...ids)', { ids })
          .orderBy('u.created_at', 'DESC')
          .addOrderBy('u.user_id', 'DESC')
          .getRawAndEntities<{ appointments_count: number }>()
      : { entities: [], raw: [] };
    const users = entities.map((user, i) => toAdminEntry(user, Number(raw[i]?.appointments_count ?? 0)));
    return { users, data: users, total, totalIsEstimate: estimated, page, limit };
  }

  async create(principal: Principal, payload: CreateUserPayload): Promise<CreateUserReply> {
    assertAdmin(principal);
    const temporaryPassword = generateOneTimePassword();
    const user = await this.users.create({
      firstname: payload.firstname,
      lastname: payload.lastname,
      email: payload.email,
      passwordHash: await hashPassword(temporaryPassword),
      role: payload.role,
      status: payload.status,
      contactPhone: payload.contact_phone,
      address: payload.address,
      mustChangePassword: true,
      // The new user's language is not the admin's: English until they choose (profile or switch).
      language: 'en',
    });
    return { user: toAdminEntry(user, 0), temporaryPassword };
  }

  async update(principal: Principal, { id, changes }: UpdateUserPayload): Promise<{ user: AdminUserEntry }> {
    assertAdmin(principal);
    let revocation: Revocation | null = null;
    try {
      const user = await this.users.dataSource.transaction(async (manager) => {
        const user = await this.users.getLive(id, manager, true);
        const leavesAdmins =
          user.role === 'admin' &&
          user.status === 'active' &&
          ((changes.role !== undefined && changes.role !== 'admin') || (changes.status !== undefined && changes.status !== 'active'));
        if (leavesAdmins) await this.assertAnotherActiveAdmin(manager, user.userId);
        const sessionsEnd =
          (changes.role !== undefined && changes.role !== user.role) ||
          (changes.status !== undefined && changes.status !== user.status && changes.status !== 'active');
        if (changes.firstname !== undefined) user.firstname = changes.firstname.trim();
        if (changes.lastname !== undefined) user.lastname = changes.lastname.trim();
        if (changes.email !== undefined) user.email = normalizeEmail(changes.email);
        if (changes.contact_phone !== undefined) user.contactPhone = changes.contact_phone.trim();
        if (changes.address !== undefined) user.address = changes.address.trim();
        if (changes.role !== undefined) user.role = changes.role;
        if (changes.status !== undefined) user.status = changes.status;
        user.updatedAt = new Date();
        await manager.save(user);
        await recordUserEvent(manager, AuthEvents.updated, user);
        if (sessionsEnd) {
          await revokeSessions(manager, user);
          revocation = { kind: 'user', userId: user.userId, sessionVersion: user.sessionVersion };
        }
        return user;
      });
      if (revocation) this.broadcaster.announce(revocation);
      return { user: toAdminEntry(user, await this.appointmentsCount(user.userId)) };
    } catch (error) {
      throw emailTakenOr(error);
    }
  }

  async remove(principal: Principal, id: number): Promise<{ message: string }> {
    assertAdmin(principal);
    if (id === principal.userId) throw conflict('You cannot delete your own account', 'SELF_DELETE');
    const user = await this.users.dataSource.transaction(async (manager) => {
      const user = await this.users.getLive(id, manager, true);
      if (user.role === 'admin' && user.status === 'active') await this.assertAnotherActiveAdmin(manager, user.userId);
      // Deleting a user is erasing them (issue 22 item 6): anonymised, sessions revoked, future visits cancelled downstream.
      return eraseUser(manager, user);
    });
    this.broadcaster.announce({ kind: 'user', userId: user.userId, sessionVersion: user.sessionVersion });
    return { message: 'User deleted' };
  }

  /** Locks every active admin row, so two admins demoting each other at once cannot both succeed. */
  private async assertAnotherActiveAdmin(manager: EntityManager, exceptUserId: number): Promise<void> {
    const admins = await manager.find(UserEntity, {
      select: { userId: true },
      where: { role: 'admin', status: 'active', deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!admins.some((a) => a.userId !== exceptUserId)) throw conflict(LAST_ADMIN, 'LAST_ADMIN');
  }

  /** The appointment-counts read model has no entity (see AppointmentCountsConsumer): read as SQL. */
  private async appointmentsCount(userId: number): Promise<number> {
    const rows: { appointments_count: number }[] = await this.users.dataSource.query(
      `SELECT appointments_count FROM user_appointment_counts WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.appointments_count ?? 0;
  }
}
