import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { NOTES_MAX, PrescriptionMessages } from '@afya/prescription-service/contracts';

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/**
 * POST /prescriptions (CONTRACT.md §7). doctor_id and patient_id, which the spec's client sends, are accepted and
 * ignored (stripped): the service takes both from the appointment. The medicines' rules live in the service
 * (a list or a JSON string of a list; 1-20 rows; 'Please fill all required fields.').
 */
export class CreatePrescriptionDto {
  @ApiProperty()
  @Transform(toInteger)
  @IsInt({ message: PrescriptionMessages.fillRequired })
  @Min(1, { message: PrescriptionMessages.fillRequired })
  appointment_id!: number;

  @ApiProperty({ description: 'A list of {name, dosage, frequency, instructions}, or a JSON string of one' })
  @Allow()
  medicines!: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(NOTES_MAX)
  notes?: string | null;
}

export class UpdatePrescriptionDto {
  @ApiPropertyOptional()
  @Allow()
  medicines?: unknown;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(NOTES_MAX)
  notes?: string | null;
}

export class DeleteReasonDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
