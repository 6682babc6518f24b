import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ApprovalStatus } from '../../contracts';

/** A doctor's bookable profile; created (pending) from auth's user events, approved by an admin. */
@Entity({ name: 'doctors' })
export class DoctorEntity {
  @PrimaryGeneratedColumn({ name: 'doctor_id' })
  doctorId!: number;

  @Column({ name: 'user_id', type: 'integer', unique: true })
  userId!: number;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text', nullable: true })
  specialization!: string | null;

  /** Ksh; null = 'Not set'. */
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true })
  fee!: string | null;

  @Column({ name: 'contact_phone', type: 'text', nullable: true })
  contactPhone!: string | null;

  @Column({ name: 'available_days', type: 'text', array: true, default: () => "'{}'" })
  availableDays!: string[];

  @Column({ name: 'approval_status', type: 'text', default: 'pending' })
  approvalStatus!: ApprovalStatus;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt!: Date | null;

  @Column({ name: 'approved_by', type: 'integer', nullable: true })
  approvedBy!: number | null;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** Names of users (patients and doctors) as auth's events describe them. */
@Entity({ name: 'user_directory' })
export class DirectoryUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text' })
  firstname!: string;

  @Column({ type: 'text' })
  lastname!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text' })
  role!: string;

  @Column({ type: 'text', default: 'active' })
  status!: string;

  @Column({ name: 'contact_phone', type: 'text', nullable: true })
  contactPhone!: string | null;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** A lab result a doctor is told about (GET /doctor/notifications). */
@Entity({ name: 'lab_results' })
export class LabResultEntity {
  @PrimaryGeneratedColumn({ name: 'lab_result_id' })
  labResultId!: number;

  @Column({ name: 'doctor_id', type: 'integer' })
  doctorId!: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'appointment_id', type: 'integer', nullable: true })
  appointmentId!: number | null;

  @Column({ name: 'test_name', type: 'text' })
  testName!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt!: Date | null;
}
