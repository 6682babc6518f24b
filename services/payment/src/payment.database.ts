import type { ServiceDatabaseOptions } from '@afya/service-shared';

/** The payment schema, described by its migrations (src/migrations). */
export const paymentDatabase: ServiceDatabaseOptions = {
  schema: 'payment',
  entities: [],
  migrations: [],
};
