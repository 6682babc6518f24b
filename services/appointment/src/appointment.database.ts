import type { ServiceDatabaseOptions } from '@afya/service-shared';
import { AppointmentEntity, AppointmentRatingEntity } from './appointments/appointment.entity';
import { DirectoryUserEntity, DoctorEntity, LabResultEntity } from './doctors/doctor.entity';
import { CreateAppointments1763700000200 } from './migrations/1763700000200-create-appointments';

/** The appointment schema: entities and migrations in order. */
export const appointmentDatabase: ServiceDatabaseOptions = {
  schema: 'appointment',
  entities: [DoctorEntity, DirectoryUserEntity, AppointmentEntity, AppointmentRatingEntity, LabResultEntity],
  migrations: [CreateAppointments1763700000200],
};
