import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreateUsers1763700000100 } from './migrations/1763700000100-create-users';
import { AdminUserListIndex1764100000100 } from './migrations/1764100000100-admin-user-list-index';
import { AdminUserSearchIndexes1764200000100 } from './migrations/1764200000100-admin-user-search-indexes';
import { ErasureRequests1764500000100 } from './migrations/1764500000100-erasure-requests';
import { ErasureRequestEntity } from './data-rights/erasure-request.entity';
import { PasswordResets1764900000100 } from './migrations/1764900000100-password-resets';
import { UserLanguage1765000000100 } from './migrations/1765000000100-user-language';
import { PasswordResetRequests1765100000100 } from './migrations/1765100000100-password-reset-requests';
import { Family1765300000100 } from './migrations/1765300000100-family';
import { UssdPin1765400000100 } from './migrations/1765400000100-ussd-pin';
import { FamilyConsentEntity, FamilyDependantEntity, FamilyLinkEntity } from './family/family.entities';
import { PasswordResetEntity } from './password-reset/password-reset.entity';
import { PasswordResetRequestEntity } from './password-reset/reset-request.entity';
import { ProfilePictureEntity } from './profile/profile-picture.entity';
import { TokenRevocationEntity } from './sessions/token-revocation.entity';
import { UserEntity } from './users/user.entity';

/**
 * The auth schema: entities and migrations in order. This service works through its entities and TypeORM's
 * EntityManager (find/save/update/delete, the query builder for the filtered admin list); raw SQL only for
 * the appointment-counts read model, which has no entity (decision 2026-11-22: one data-access style per
 * service).
 */
export const authDatabase: ServiceDatabaseOptions = {
  schema: 'auth',
  entities: [UserEntity, TokenRevocationEntity, ProfilePictureEntity, ErasureRequestEntity, PasswordResetEntity, PasswordResetRequestEntity, FamilyDependantEntity, FamilyLinkEntity, FamilyConsentEntity],
  migrations: [CreateUsers1763700000100, AdminUserListIndex1764100000100, AdminUserSearchIndexes1764200000100, ErasureRequests1764500000100, PasswordResets1764900000100, UserLanguage1765000000100, PasswordResetRequests1765100000100, Family1765300000100, UssdPin1765400000100],
};
