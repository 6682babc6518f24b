import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreatePrescriptions1764000000100 } from './migrations/1764000000100-create-prescriptions';
import { AccessLogVia1764500000100 } from './migrations/1764500000100-access-log-via';

/** The prescription schema, described by its migrations (src/migrations). Raw SQL, no entities (like appointment). */
export const prescriptionDatabase: ServiceDatabaseOptions = {
  schema: 'prescription',
  entities: [],
  migrations: [CreatePrescriptions1764000000100, AccessLogVia1764500000100],
};
