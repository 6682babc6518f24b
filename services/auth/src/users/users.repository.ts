import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { notFound } from '@afya/service-shared';
import { UserEntity } from './user.entity';
import { normalizeEmail } from './user.mapper';

export const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() readonly dataSource: DataSource) {}

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
