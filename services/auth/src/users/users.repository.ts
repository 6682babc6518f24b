import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { conflict, notFound, Role } from '@afya/service-shared';
import { AuthEvents, Language, UserStatus } from '../../contracts';
import { recordUserEvent } from './user-events';
import { UserEntity } from './user.entity';
import { normalizeEmail } from './user.mapper';

export const EMAIL_TAKEN = 'An account with this email already exists';

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A duplicate email (the unique index) as the 409 callers see; any other error unchanged. */
export function emailTakenOr(error: unknown): unknown {
  return isUniqueViolation(error) ? conflict(EMAIL_TAKEN, 'EMAIL_TAKEN') : error;
}

/** A new account as submitted (registration or an admin's form); names, email and texts are trimmed here. */
export interface NewUser {
  firstname: string;
  lastname: string;
  email: string;
  passwordHash: string;
  role: Role;
  status: UserStatus;
  contactPhone: string;
  address?: string | null;
  mustChangePassword: boolean;
  language: Language;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

  /** Inserts the account and its user.registered event in one transaction; 409 EMAIL_TAKEN for a used email. */
  async create(user: NewUser): Promise<UserEntity> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const created = manager.create(UserEntity, {
          ...user,
          firstname: user.firstname.trim(),
          lastname: user.lastname.trim(),
          email: normalizeEmail(user.email),
          contactPhone: user.contactPhone.trim(),
          address: user.address?.trim() || null,
        });
        await manager.save(created);
        await recordUserEvent(manager, AuthEvents.registered, created);
        return created;
      });
    } catch (error) {
      throw emailTakenOr(error);
    }
  }

  findLiveByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return manager.findOne(UserEntity, { where: { email: normalizeEmail(email), deletedAt: IsNull() } });
  }

  /** A live user or 404: deleted accounts do not exist for callers. */
  async getLive(userId: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<UserEntity> {
    const user = await manager.findOne(UserEntity, {
      where: { userId, deletedAt: IsNull() },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    if (!user) throw notFound('User not found');
    return user;
  }
}
