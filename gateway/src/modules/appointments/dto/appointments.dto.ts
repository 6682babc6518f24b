import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  AppointmentMessages,
  type AppointmentStatus,
  type AppointmentType,
  BOOKING_WINDOW_DAYS,
  CLINIC_TIME_ZONE,
  MAX_AMOUNT,
  MAX_REASON_LENGTH,
  MIN_AMOUNT,
  MIN_REASON_LENGTH,
  SPECIALIZATIONS,
  TIME_SLOTS,
  type TimeSlot,
  VISIT_MODES,
  type VisitMode,
  WEEKDAYS,
} from '@afya/appointment-service/contracts';
import { PageQuery } from '../../../common/http/list-reply';

/** '12' → 12 (query strings and form selects); anything else is left for the validator to refuse. */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);
/** '1500' or '1500.50' → a number (the admin's inline amount edit may send text). */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** 'cancelled' → 'Cancelled': some lists show statuses in lower case (CONTRACT.md §3). */
const toStatus = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === value.trim().toLowerCase()) ?? value) : value;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * POST /appointments (CONTRACT.md §5 and §7), with the API's field names only: time_slot, appointment_type, notes (the reason). Other names
 * (appointment_time, type, reason) are not read. The type is optional (the service takes the one whose default fee
 * equals total_amount, else Regular Checkup); total_amount only chooses the type and is never refused; user_id and
 * appointment_status are accepted and dropped: the patient is the caller, a booking starts Pending.
 * Fields are declared in the form's order, so the first message is the first empty field.
 */
export class BookAppointmentDto {
  @ApiProperty({ example: 3 })
  @Transform(toInteger)
  @Min(1, { message: AppointmentMessages.doctor })
  @IsInt({ message: AppointmentMessages.doctor })
  doctor_id!: number;

  @ApiPropertyOptional({ enum: APPOINTMENT_TYPES, description: 'Default: the type whose default fee equals total_amount, else Regular Checkup' })
  @IsOptional()
  @IsIn(APPOINTMENT_TYPES, { message: AppointmentMessages.type })
  appointment_type?: AppointmentType;

  @ApiProperty({ example: '2026-11-25', description: `Clinic date (${CLINIC_TIME_ZONE}), tomorrow to ${BOOKING_WINDOW_DAYS} days ahead` })
  @Matches(DATE, { message: AppointmentMessages.date })
  @IsString({ message: AppointmentMessages.date })
  appointment_date!: string;

  @ApiProperty({ enum: TIME_SLOTS })
  @IsIn(TIME_SLOTS, { message: AppointmentMessages.time })
  time_slot!: TimeSlot;

  @ApiProperty({ description: `The reason for the visit, ${MIN_REASON_LENGTH} to ${MAX_REASON_LENGTH} characters` })
  @Transform(trim)
  @MaxLength(MAX_REASON_LENGTH, { message: AppointmentMessages.reasonTooLong })
  @MinLength(MIN_REASON_LENGTH, { message: AppointmentMessages.reason })
  @IsString({ message: AppointmentMessages.reason })
  notes!: string;

  @ApiPropertyOptional({ enum: VISIT_MODES, default: 'in_person', description: 'Video only with a doctor whose profile offers_video' })
  @IsOptional()
  @IsIn(VISIT_MODES, { message: AppointmentMessages.visitMode })
  visit_mode?: VisitMode;

  @ApiPropertyOptional({ description: 'The amount the client showed: chooses the type when none is named; never what is charged' })
  @Allow()
  total_amount?: unknown;

  @ApiPropertyOptional({ description: 'Accepted and ignored: the patient is the signed-in caller' })
  @Allow()
  user_id?: unknown;

  @ApiPropertyOptional({ description: 'Accepted and ignored: a booking starts Pending' })
  @Allow()
  appointment_status?: unknown;
}

export class AvailabilityQuery {
  @ApiProperty()
  @Transform(toInteger)
  @Min(1, { message: AppointmentMessages.doctor })
  @IsInt({ message: AppointmentMessages.doctor })
  doctor_id!: number;

  @ApiProperty({ example: '2026-11-25' })
  @Matches(DATE, { message: AppointmentMessages.date })
  @IsString({ message: AppointmentMessages.date })
  date!: string;
}

export class ListAllQuery extends PageQuery {
  @ApiPropertyOptional({ enum: APPOINTMENT_STATUSES })
  @IsOptional()
  @Transform(toStatus)
  @IsIn([...APPOINTMENT_STATUSES, 'all', ''], { message: AppointmentMessages.status })
  status?: AppointmentStatus | 'all' | '';
}

/** PATCH /appointments/:id/reschedule: where the visit moves (the same doctor). */
export class RescheduleDto {
  @ApiProperty({ example: '2026-11-25', description: `Clinic date (${CLINIC_TIME_ZONE}), tomorrow to ${BOOKING_WINDOW_DAYS} days ahead` })
  @Matches(DATE, { message: AppointmentMessages.date })
  @IsString({ message: AppointmentMessages.date })
  appointment_date!: string;

  @ApiProperty({ enum: TIME_SLOTS })
  @IsIn(TIME_SLOTS, { message: AppointmentMessages.time })
  time_slot!: TimeSlot;
}

export class StatusDto {
  @ApiProperty({ enum: APPOINTMENT_STATUSES })
  @Transform(toStatus)
  @IsIn(APPOINTMENT_STATUSES, { message: AppointmentMessages.status })
  status!: AppointmentStatus;
}

export class AmountDto {
  @ApiProperty({ minimum: MIN_AMOUNT, maximum: MAX_AMOUNT })
  @Transform(toNumber)
  @Max(MAX_AMOUNT, { message: AppointmentMessages.amount })
  @Min(MIN_AMOUNT, { message: AppointmentMessages.amount })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AppointmentMessages.amount })
  total_amount!: number;
}

export class FeeDto {
  @ApiProperty({ minimum: MIN_AMOUNT, maximum: MAX_AMOUNT, description: 'Consultation fee in Ksh' })
  @Transform(toNumber)
  @Max(MAX_AMOUNT, { message: AppointmentMessages.fee })
  @Min(MIN_AMOUNT, { message: AppointmentMessages.fee })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AppointmentMessages.fee })
  fee!: number;
}

const CLINICAL_TEXT_MAX = 5000;

/** PATCH /appointments/{id}: clinical fields (the appointment's doctor or an admin); null clears a field. */
export class VideoOfferDto {
  @ApiProperty({ description: 'The doctor sees patients by video too' })
  @IsBoolean({ message: AppointmentMessages.offersVideo })
  offers_video!: boolean;
}

export class UpdateAppointmentDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(CLINICAL_TEXT_MAX, { message: 'Diagnosis is too long' })
  @IsString({ message: 'Diagnosis must be text' })
  diagnosis?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(CLINICAL_TEXT_MAX, { message: 'Treatment is too long' })
  @IsString({ message: 'Treatment must be text' })
  treatment?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(CLINICAL_TEXT_MAX, { message: 'Medications are too long' })
  @IsString({ message: 'Medications must be text' })
  medications?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(CLINICAL_TEXT_MAX, { message: 'Notes are too long' })
  @IsString({ message: 'Notes must be text' })
  notes?: string | null;

  @ApiPropertyOptional({ description: 'The consultation length in minutes (feeds the average consultation)' })
  @IsOptional()
  @Transform(toInteger)
  @Max(480, { message: 'Duration must be a whole number of minutes from 1 to 480' })
  @Min(1, { message: 'Duration must be a whole number of minutes from 1 to 480' })
  @IsInt({ message: 'Duration must be a whole number of minutes from 1 to 480' })
  duration?: number;
}

export class RatingDto {
  @ApiProperty({ minimum: 1, maximum: 5 })
  @Transform(toInteger)
  @Max(5, { message: AppointmentMessages.rating })
  @Min(1, { message: AppointmentMessages.rating })
  @IsInt({ message: AppointmentMessages.rating })
  rating!: number;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(1000, { message: 'The comment is too long (at most 1000 characters)' })
  @IsString({ message: 'The comment must be text' })
  comment?: string;
}

export class ApproveDoctorDto {
  @ApiPropertyOptional({ enum: SPECIALIZATIONS })
  @IsOptional()
  @IsIn(SPECIALIZATIONS, { message: AppointmentMessages.specialization })
  specialization?: string;

  @ApiPropertyOptional({ example: ['Monday', 'Wednesday'] })
  @IsOptional()
  @IsIn(WEEKDAYS, { each: true, message: `Available days must be weekday names (${WEEKDAYS.join(', ')})` })
  @IsArray({ message: 'Available days must be a list of weekday names' })
  available_days?: string[];
}
