import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreatePrescriptions1764000000100 } from './migrations/1764000000100-create-prescriptions';
import { AccessLogVia1764500000100 } from './migrations/1764500000100-access-log-via';
import { AppointmentVisitMode1764500000200 } from './migrations/1764500000200-appointment-visit-mode';
import { VideoVisitAccess1764500000300 } from './migrations/1764500000300-video-visit-access';
import { UserDirectoryPhone1764600000100 } from './migrations/1764600000100-user-directory-phone';
import { AppointmentStartsAt1765100000100 } from './migrations/1765100000100-appointment-starts-at';
import { VitalReadings1765200000100 } from './migrations/1765200000100-vital-readings';

/** The prescription schema, described by its migrations (src/migrations). Raw SQL, no entities (like appointment). */
export const prescriptionDatabase: ServiceDatabaseOptions = {
  schema: 'prescription',
  entities: [],
  migrations: [
    CreatePrescriptions1764000000100,
    AccessLogVia1764500000100,
    AppointmentVisitMode1764500000200,
    VideoVisitAccess1764500000300,
    UserDirectoryPhone1764600000100,
    AppointmentStartsAt1765100000100,
    VitalReadings1765200000100,
  ],
};
