import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AppointmentStatus } from '../../contracts';

/**
 * An appointment (SPEC.md section 3). Hot reads and writes use SQL (appointment.sql.ts); the entity
 * documents the table for TypeORM.
 */
@Entity({ name: 'appointments' })
export class AppointmentEntity {
  @PrimaryGeneratedColumn({ name: 'appointment_id' })
  appointmentId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'doctor_id', type: 'integer' })
  doctorId!: number;

  /** Clinic date, kept as the 'YYYY-MM-DD' string (never shifted by the server's time zone). */
  @Column({ name: 'appointment_date', type: 'date' })
  appointmentDate!: string;

  @Column({ name: 'time_slot', type: 'text' })
  timeSlot!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'appointment_type', type: 'text' })
  appointmentType!: string;

  @Column({ name: 'total_amount', type: 'numeric', precision: 10, scale: 2 })
  totalAmount!: string;

  @Column({ name: 'appointment_status', type: 'text', default: 'Pending' })
  appointmentStatus!: AppointmentStatus;

  @Column({ type: 'boolean', default: false })
  paid!: boolean;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'integer', default: 25 })
  duration!: number;

  @Column({ name: 'patient_full_name', type: 'text', nullable: true })
  patientFullName!: string | null;

  @Column({ type: 'text', nullable: true })
  diagnosis!: string | null;

  @Column({ type: 'text', nullable: true })
  treatment!: string | null;

  @Column({ type: 'text', nullable: true })
  medications!: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

@Entity({ name: 'appointment_ratings' })
export class AppointmentRatingEntity {
  @PrimaryGeneratedColumn({ name: 'rating_id' })
  ratingId!: number;

  @Column({ name: 'appointment_id', type: 'integer', unique: true })
  appointmentId!: number;

  @Column({ name: 'doctor_id', type: 'integer' })
  doctorId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'smallint' })
  rating!: number;

  @Column({ type: 'text', nullable: true })
  comment!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
