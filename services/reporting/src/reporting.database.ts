import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreateReadModels1763700000600 } from './migrations/1763700000600-create-read-models';
import { UserCounts1764200000600 } from './migrations/1764200000600-user-counts';
import { AppointmentVisitMode1764500000600 } from './migrations/1764500000600-appointment-visit-mode';
import { NewUsersStillHeld1765100000600 } from './migrations/1765100000600-new-users-still-held';
import { AppointmentCover1765400000680 } from './migrations/1765400000680-appointment-cover';

/** The reporting schema, described by its migrations (src/migrations). */
export const reportingDatabase: ServiceDatabaseOptions = {
  schema: 'reporting',
  entities: [],
  migrations: [CreateReadModels1763700000600, UserCounts1764200000600, AppointmentVisitMode1764500000600, NewUsersStillHeld1765100000600, AppointmentCover1765400000680],
};
