import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreatePayments1763900000100 } from './migrations/1763900000100-create-payments';
import { StkPushAttempts1764200000100 } from './migrations/1764200000100-stk-push-attempts';
import { ReceiptLookups1764600000100 } from './migrations/1764600000100-receipt-lookups';
import { CoveredVisitCharges1765400000381 } from './migrations/1765400000381-covered-visit-charges';

/**
 * The payment schema, described by its migrations (src/migrations). Raw SQL through TypeORM's DataSource, like
 * the appointment service: no entities.
 */
export const paymentDatabase: ServiceDatabaseOptions = {
  schema: 'payment',
  entities: [],
  migrations: [CreatePayments1763900000100, StkPushAttempts1764200000100, ReceiptLookups1764600000100, CoveredVisitCharges1765400000381],
};
