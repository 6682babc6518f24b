import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  AppointmentMessages,
  type AppointmentStatus,
  type AppointmentType,
  BOOKING_WINDOW_DAYS,
  CLINIC_TIME_ZONE,
  LIST_PAGE_MAX,
  MAX_AMOUNT,
  MAX_REASON_LENGTH,
  MIN_AMOUNT,
  MIN_REASON_LENGTH,
  SPECIALIZATIONS,
  TIME_SLOTS,
  type TimeSlot,
  WEEKDAYS,
} from '@afya/appointment-service/contracts';

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
 * POST /appointments (CONTRACT.md §5 and §7), with the API's field names only: time_slot, appointment_type,
 * notes (the reason). Other names (appointment_time, type, reason) are not read. user_id, total_amount and
 * appointment_status, which CONTRACT.md §7 lists, are stripped: the patient is the caller, the amount
 * comes from the doctor's fee, a booking starts Pending.
 * Fields are declared in the form's order, so the first message is the first empty field.
 */
export class BookAppointmentDto {
  @ApiProperty({ example: 3 })
  @Transform(toInteger)
  @Min(1, { message: AppointmentMessages.doctor })
  @IsInt({ message: AppointmentMessages.doctor })
  doctor_id!: number;

  @ApiProperty({ enum: APPOINTMENT_TYPES })
  @IsIn(APPOINTMENT_TYPES, { message: AppointmentMessages.type })
  appointment_type!: AppointmentType;

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

export class ListAllQuery {
  @ApiPropertyOptional({ default: LIST_PAGE_MAX, maximum: LIST_PAGE_MAX })
  @IsOptional()
  @Transform(toInteger)
  @Max(LIST_PAGE_MAX, { message: `limit must be from 1 to ${LIST_PAGE_MAX}` })
  @Min(1, { message: `limit must be from 1 to ${LIST_PAGE_MAX}` })
  @IsInt({ message: `limit must be from 1 to ${LIST_PAGE_MAX}` })
  limit?: number;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @Transform(toInteger)
  @Min(0, { message: 'offset must be 0 or more' })
  @IsInt({ message: 'offset must be 0 or more' })
  offset?: number;

  @ApiPropertyOptional({ enum: APPOINTMENT_STATUSES })
  @IsOptional()
  @Transform(toStatus)
  @IsIn([...APPOINTMENT_STATUSES, 'all', ''], { message: AppointmentMessages.status })
  status?: AppointmentStatus | 'all' | '';
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
