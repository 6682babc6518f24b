// The bench database's appointment schema as TypeORM entities (the columns the peer reads and writes): the way the
// NestJS docs map a table, one class per table, a ManyToOne for the doctor.
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'doctors' })
export class Doctor {
  @PrimaryGeneratedColumn({ name: 'doctor_id' })
  id!: number;

  @Column({ name: 'user_id' })
  userId!: number;

  @Column({ name: 'first_name' })
  firstName!: string;

  @Column({ name: 'last_name' })
  lastName!: string;

  @Column({ type: 'text', nullable: true })
  specialization!: string | null;

  @Column({ type: 'numeric', nullable: true })
  fee!: string | null;

  @Column({ name: 'available_days', type: 'text', array: true })
  availableDays!: string[];

  @Column({ name: 'approval_status' })
  approvalStatus!: string;

  @Column()
  active!: boolean;
}

@Entity({ name: 'appointments' })
export class Appointment {
  @PrimaryGeneratedColumn({ name: 'appointment_id' })
  id!: number;

  @Column({ name: 'user_id' })
  userId!: number;

  @Column({ name: 'doctor_id' })
  doctorId!: number;

  @ManyToOne(() => Doctor)
  @JoinColumn({ name: 'doctor_id' })
  doctor!: Doctor;

  @Column({ name: 'appointment_date', type: 'date' })
  appointmentDate!: string;

  @Column({ name: 'time_slot' })
  timeSlot!: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt!: Date;

  @Column({ name: 'appointment_type' })
  appointmentType!: string;

  @Column({ name: 'visit_mode' })
  visitMode!: string;

  @Column({ name: 'total_amount', type: 'numeric' })
  totalAmount!: string;

  @Column({ name: 'appointment_status', default: 'Pending' })
  status!: string;

  @Column({ default: false })
  paid!: boolean;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ default: 25 })
  duration!: number;

  @Column({ type: 'text', nullable: true })
  diagnosis!: string | null;

  @Column({ type: 'text', nullable: true })
  treatment!: string | null;

  @Column({ type: 'text', nullable: true })
  medications!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
