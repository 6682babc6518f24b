// The peer's microservice: the two message patterns the HTTP app sends over NATS, each on a TypeORM repository.
import { Controller, HttpStatus, Injectable, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Not, QueryFailedError, Repository } from 'typeorm';
import { AppointmentMessages, bookingAmount, clinicHoursProblem, isInBookingWindow, slotStart, worksOn } from '@afya/appointment-service/contracts';
import { Appointment, Doctor } from './entities';

export const LIST_PATTERN = 'appointments.list';
export const BOOK_PATTERN = 'appointments.book';

export interface BookMessage {
  userId: number;
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
  appointment_type: string;
  notes: string;
  visit_mode: string;
}

/** An error the HTTP app turns back into the same status (a plain Error crosses NATS as a 500). */
const refuse = (statusCode: number, message: string) => new RpcException({ statusCode, message });

@Injectable()
export class AppointmentsService {
  constructor(
    @InjectRepository(Appointment) private readonly appointments: Repository<Appointment>,
    @InjectRepository(Doctor) private readonly doctors: Repository<Doctor>,
  ) {}

  /** A patient's newest 50, with each one's doctor. */
  list(userId: number): Promise<Appointment[]> {
    return this.appointments.find({
      where: { userId },
      relations: { doctor: true },
      order: { appointmentDate: 'DESC', startsAt: 'DESC', id: 'DESC' },
      take: 50,
    });
  }

  /** The doctor bookable, the slot free, then the insert; of two racing for a slot the unique index lets one in. */
  async book(message: BookMessage): Promise<Appointment> {
    const { userId, doctor_id, appointment_date, time_slot } = message;
    if (!isInBookingWindow(appointment_date)) throw refuse(HttpStatus.BAD_REQUEST, AppointmentMessages.dateWindow);
    const closed = clinicHoursProblem(appointment_date, time_slot);
    if (closed) throw refuse(HttpStatus.BAD_REQUEST, closed);
    const doctor = await this.doctors.findOneBy({ id: doctor_id });
    if (!doctor || !doctor.active) throw refuse(HttpStatus.NOT_FOUND, AppointmentMessages.doctorNotFound);
    if (doctor.approvalStatus !== 'approved') throw refuse(HttpStatus.BAD_REQUEST, AppointmentMessages.doctorNotApproved);
    if (!worksOn(doctor.availableDays, appointment_date)) throw refuse(HttpStatus.BAD_REQUEST, 'The doctor does not see patients that day');
    const taken = await this.appointments.existsBy({ doctorId: doctor_id, appointmentDate: appointment_date, timeSlot: time_slot, status: Not('Cancelled') });
    if (taken) throw refuse(HttpStatus.CONFLICT, AppointmentMessages.slotTaken);
    try {
      return await this.appointments.save(
        this.appointments.create({
          userId,
          doctorId: doctor_id,
          appointmentDate: appointment_date,
          timeSlot: time_slot,
          startsAt: slotStart(appointment_date, time_slot),
          appointmentType: message.appointment_type,
          visitMode: message.visit_mode,
          totalAmount: String(bookingAmount(message.appointment_type, doctor.fee)),
          notes: message.notes,
        }),
      );
    } catch (error) {
      // unique_violation of appointments_active_slot_uq: another booking took the slot between the check and the insert
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') throw refuse(HttpStatus.CONFLICT, AppointmentMessages.slotTaken);
      throw error;
    }
  }
}

@Controller()
export class AppointmentsController {
  constructor(private readonly service: AppointmentsService) {}

  @MessagePattern(LIST_PATTERN)
  list(@Payload() userId: number): Promise<Appointment[]> {
    return this.service.list(userId);
  }

  @MessagePattern(BOOK_PATTERN)
  book(@Payload() message: BookMessage): Promise<Appointment> {
    return this.service.book(message);
  }
}

/** DATABASE_URL and the appointment schema (APPOINTMENT_DB_SCHEMA): the bench database's own tables, never synchronized. */
@Module({
  imports: [
    TypeOrmModule.forRoot({
      type: 'postgres',
      url: process.env.DATABASE_URL,
      schema: process.env.APPOINTMENT_DB_SCHEMA || 'appointment',
      entities: [Appointment, Doctor],
      synchronize: false,
    }),
    TypeOrmModule.forFeature([Appointment, Doctor]),
  ],
  controllers: [AppointmentsController],
  providers: [AppointmentsService],
})
export class AppointmentsServiceModule {}
