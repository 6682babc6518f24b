import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ErasureMessages, type ErasureStatus } from '@afya/auth-service/contracts';

export class RequestErasureDto {
  @ApiPropertyOptional({ description: 'Why (optional, at most 500 characters)' })
  @IsOptional()
  @MaxLength(500, { message: ErasureMessages.reasonTooLong })
  @IsString({ message: ErasureMessages.reasonTooLong })
  reason?: string;
}

export class DecideErasureDto {
  @ApiPropertyOptional({ enum: ['approve', 'reject'] })
  @IsIn(['approve', 'reject'], { message: ErasureMessages.decision })
  decision!: 'approve' | 'reject';
}

export class ErasureListQuery {
  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'], { message: 'status must be pending, approved or rejected' })
  status?: ErasureStatus;
}
