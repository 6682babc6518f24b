import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DELIVERY_STATUSES, type DeliveryStatus, type MessageChannel } from '@afya/support-service/contracts';

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/** PUT /notifications/preferences: either channel, or both. */
export class PreferencesDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'sms must be true or false' }) sms?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'email must be true or false' }) email?: boolean;
}

/** GET /admin/deliveries */
export class DeliveriesQuery {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) search?: string;
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES }) @IsOptional() @IsIn(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` }) status?: DeliveryStatus;
  @ApiPropertyOptional({ enum: ['sms', 'email'] }) @IsOptional() @IsIn(['sms', 'email'], { message: 'channel must be sms or email' }) channel?: MessageChannel;
  @ApiPropertyOptional() @IsOptional() @Transform(toInteger) @IsInt() @Min(1) page?: number;
  @ApiPropertyOptional() @IsOptional() @Transform(toInteger) @IsInt() @Min(1) @Max(100) limit?: number;
}
