import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { CreateAppointments1763700000200 } from './migrations/1763700000200-create-appointments';
import { AdminSearchIndexes1764200000200 } from './migrations/1764200000200-admin-search-indexes';
import { AdminDateIndex1764200000300 } from './migrations/1764200000300-admin-date-index';
import { AdminListIndexes1764300000300 } from './migrations/1764300000300-admin-list-indexes';
import { PeopleListIndexes1764400000100 } from './migrations/1764400000100-people-list-indexes';
import { DayListIndex1764400000200 } from './migrations/1764400000200-day-list-index';
import { VideoVisits1764500000100 } from './migrations/1764500000100-video-visits';
import { Waitlist1765000000100 } from './migrations/1765000000100-waitlist';
import { DropCreatedIndex1765000000200 } from './migrations/1765000000200-drop-created-index';
import { DoctorHours1765100000100 } from './migrations/1765100000100-doctor-hours';
import { DateOverrides1765400000100 } from './migrations/1765400000100-date-overrides';
import { SlotLabels1765100000200 } from './migrations/1765100000200-slot-labels';
import { NewTimeForHours1765100000300 } from './migrations/1765100000300-new-time-for-hours';
import { Attendance1765200000400 } from './migrations/1765200000400-attendance';
import { FamilyBookings1765300000200 } from './migrations/1765300000200-family-bookings';
import { InsuranceCover1765400000380 } from './migrations/1765400000380-insurance-cover';

/**
 * The appointment schema. No entities: this service reads and writes with parameterised SQL through
 * TypeORM's DataSource and EntityManager (transactions included), one SQL shape per read in *.sql.ts
 * (docs/decisions/0024-one-data-access-style-per-service.md). The tables are described once, by the migrations.
 */
export const appointmentDatabase: ServiceDatabaseOptions = {
  schema: 'appointment',
  entities: [],
  migrations: [CreateAppointments1763700000200, AdminSearchIndexes1764200000200, AdminDateIndex1764200000300, AdminListIndexes1764300000300, PeopleListIndexes1764400000100, DayListIndex1764400000200, VideoVisits1764500000100, Waitlist1765000000100, DropCreatedIndex1765000000200, DoctorHours1765100000100, SlotLabels1765100000200, NewTimeForHours1765100000300, Attendance1765200000400, FamilyBookings1765300000200, DateOverrides1765400000100, InsuranceCover1765400000380],
};

/** The migration Job's second step (migrate.ts): the waitlist's job queue (pg-boss) in the same schema. */
export { installOfferExpiryQueue } from './waitlist/offer-expiry.queue';
