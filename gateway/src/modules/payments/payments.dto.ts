import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { PAYMENT_MESSAGES } from '@afya/payment-service/contracts';

/** '12' → 12; '150.50' → 150.5 (CONTRACT.md §7 sends numbers, older clients text). */
const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class AppointmentAmountDto {
  @ApiProperty({ example: 12 })
  @Transform(toNumber)
  @Min(1, { message: 'appointment_id must be a positive whole number' })
  @IsInt({ message: 'appointment_id must be a positive whole number' })
  appointment_id!: number;

  @ApiProperty({ example: 150, description: "Ksh, the amount the client shows; the appointment's amount is what is charged" })
  @Transform(toNumber)
  @Min(0, { message: PAYMENT_MESSAGES.amountMismatch })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: PAYMENT_MESSAGES.amountMismatch })
  amount!: number;
}

/** POST /payments/create */
export class CreatePaymentDto extends AppointmentAmountDto {}

/** POST /payments/confirm. payment_status is accepted (CONTRACT.md sends 'completed') and ignored. */
export class ConfirmPaymentDto extends AppointmentAmountDto {
  @ApiProperty({ description: 'The Checkout Session id (session_id of the success page)' })
  @Transform(trim)
  @MinLength(1, { message: PAYMENT_MESSAGES.missingInfo })
  @MaxLength(255, { message: PAYMENT_MESSAGES.missingInfo })
  @IsString({ message: PAYMENT_MESSAGES.missingInfo })
  transaction_id!: string;

  @ApiPropertyOptional({ description: 'Ignored: the server asks Stripe' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  payment_status?: string;
}

/** POST /mpesa/stkpush */
export class StkPushDto extends AppointmentAmountDto {
  @ApiProperty({ example: '0712 345 678' })
  @MaxLength(20, { message: PAYMENT_MESSAGES.invalidPhone })
  @IsString({ message: PAYMENT_MESSAGES.invalidPhone })
  phone!: string;
}

/** POST /admin/payments/:id/refund */
export class RefundDto {
  @ApiProperty({ example: 'Doctor unavailable' })
  @Transform(trim)
  @MinLength(1, { message: PAYMENT_MESSAGES.refundReasonRequired })
  @MaxLength(500, { message: 'The reason can be at most 500 characters' })
  @IsString({ message: PAYMENT_MESSAGES.refundReasonRequired })
  reason!: string;
}

