import type { ServiceDatabaseOptions } from '@afya/service-shared';

/** The prescription schema, described by its migrations (src/migrations). */
export const prescriptionDatabase: ServiceDatabaseOptions = {
  schema: 'prescription',
  entities: [],
  migrations: [],
};
