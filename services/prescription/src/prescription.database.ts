import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreatePrescriptions1764000000100 } from './migrations/1764000000100-create-prescriptions';
import { UserDirectoryPhone1764600000100 } from './migrations/1764600000100-user-directory-phone';

/** The prescription schema, described by its migrations (src/migrations). Raw SQL, no entities (like appointment). */
export const prescriptionDatabase: ServiceDatabaseOptions = {
  schema: 'prescription',
  entities: [],
  migrations: [CreatePrescriptions1764000000100, UserDirectoryPhone1764600000100],
};
