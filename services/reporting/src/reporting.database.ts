import type { ServiceDatabaseOptions } from '@afya/service-shared';

/** The reporting schema, described by its migrations (src/migrations). */
export const reportingDatabase: ServiceDatabaseOptions = {
  schema: 'reporting',
  entities: [],
  migrations: [],
};
