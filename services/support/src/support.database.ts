import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreateTickets1763900000400 } from './migrations/1763900000400-create-tickets';
import { AppointmentDirectoryCare1764500000400 } from './migrations/1764500000400-appointment-directory-care';
import { Communications1764900000400 } from './migrations/1764900000400-communications';
import { DirectoryLanguage1765000000400 } from './migrations/1765000000400-directory-language';
import { CalendarStatus1765100000400 } from './migrations/1765100000400-calendar-status';
import { FamilyLinks1765300000400 } from './migrations/1765300000400-family-links';

/**
 * The support schema, described by its migrations. No entities: parameterised SQL through TypeORM's
 * DataSource (as in the appointment service).
 */
export const supportDatabase: ServiceDatabaseOptions = {
  schema: 'support',
  entities: [],
  migrations: [
    CreateTickets1763900000400,
    AppointmentDirectoryCare1764500000400,
    Communications1764900000400,
    DirectoryLanguage1765000000400,
    CalendarStatus1765100000400,
    FamilyLinks1765300000400,
  ],
};
