import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../common/http/list-reply';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min, ValidateIf } from 'class-validator';
import {
  CONTACT_SUBJECT_VALUES,
  SupportMessages,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type ContactSubject,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@afya/support-service/contracts';

/**
 * The gateway checks types and lists; lengths, required fields and defaults are the support service's rules
 * (src/rules/tickets.ts), so one place words every message.
 */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** POST /support. The contract's modal calls the subject a title; both names are read. */
export class CreateTicketDto {
  @ApiProperty() @IsOptional() @IsString({ message: SupportMessages.subjectRequired }) subject?: string;
  @ApiPropertyOptional({ description: 'Same as subject' }) @IsOptional() @IsString({ message: SupportMessages.subjectRequired }) title?: string;
  @ApiProperty() @IsOptional() @IsString({ message: SupportMessages.descriptionRequired }) description?: string;
  @ApiPropertyOptional({ enum: TICKET_CATEGORIES }) @IsOptional() @IsIn(TICKET_CATEGORIES, { message: SupportMessages.category }) category?: TicketCategory;
  @ApiPropertyOptional({ enum: TICKET_PRIORITIES }) @IsOptional() @IsIn(TICKET_PRIORITIES, { message: SupportMessages.priority }) priority?: TicketPriority;
  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Transform(toInteger)
  @IsInt({ message: SupportMessages.appointmentNotYours })
  @Min(1, { message: SupportMessages.appointmentNotYours })
  related_appointment_id?: number | null;
}

export class UpdateTicketDto extends CreateTicketDto {}

export class TicketStatusDto {
  @ApiProperty({ enum: TICKET_STATUSES }) @IsIn(TICKET_STATUSES, { message: SupportMessages.status }) status!: TicketStatus;
}

export class MessageDto {
  @ApiProperty({ maxLength: 5000 }) @IsString({ message: SupportMessages.messageRequired }) message!: string;
}

/** GET /support/all: search and status filters, and a page by limit/offset or by 1-based page number. */
export class ListTicketsQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() search?: string;
  @ApiPropertyOptional({ enum: [...TICKET_STATUSES, 'all'] }) @IsOptional() @IsIn([...TICKET_STATUSES, 'all'], { message: SupportMessages.status }) status?: TicketStatus | 'all';
  @ApiPropertyOptional({ description: 'Instead of offset: the 1-based page of `limit` rows' }) @IsOptional() @Transform(toInteger) @IsInt() @Min(1) page?: number;
}

/** POST /api/contact (CONTRACT.md §3 "contact form"). */
export class ContactDto {
  @ApiProperty() @IsString({ message: SupportMessages.contactName }) name!: string;
  @ApiProperty() @IsString({ message: SupportMessages.contactEmail }) email!: string;
  @ApiProperty({ enum: CONTACT_SUBJECT_VALUES }) @IsString({ message: SupportMessages.contactSubject }) subject!: ContactSubject;
  @ApiProperty() @IsString({ message: SupportMessages.contactMessage }) message!: string;
}
