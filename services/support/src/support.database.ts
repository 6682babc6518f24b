import type { ServiceDatabaseOptions } from '@afya/service-shared';

/** The support schema, described by its migrations (src/migrations). */
export const supportDatabase: ServiceDatabaseOptions = {
  schema: 'support',
  entities: [],
  migrations: [],
};
