import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import {
  AuthMessages as Messages,
  MIN_NAME_LENGTH,
  MIN_PHONE_LENGTH,
  ROLES,
  type Role,
  USER_STATUSES,
  type UserStatus,
} from '@afya/auth-service/contracts';

/** The admin user form (SPEC.md section 5). Phone may arrive as contact_phone or phone. */
export class CreateUserDto {
  @ApiPropertyOptional()
  @MaxLength(100, { message: 'First name is too long' })
  @MinLength(MIN_NAME_LENGTH, { message: Messages.firstname })
  @IsString({ message: Messages.firstname })
  firstname!: string;

  @ApiPropertyOptional()
  @MaxLength(100, { message: 'Last name is too long' })
  @MinLength(MIN_NAME_LENGTH, { message: Messages.lastname })
  @IsString({ message: Messages.lastname })
  lastname!: string;

  @ApiPropertyOptional()
  @IsEmail({}, { message: Messages.email })
  email!: string;

  @ApiPropertyOptional()
  @ValidateIf((o: CreateUserDto) => o.phone === undefined)
  @MaxLength(20, { message: 'Phone number is too long' })
  @MinLength(MIN_PHONE_LENGTH, { message: Messages.phone })
  @IsString({ message: Messages.phone })
  contact_phone?: string;

  @ApiPropertyOptional()
  @ValidateIf((o: CreateUserDto) => o.contact_phone === undefined)
  @MaxLength(20, { message: 'Phone number is too long' })
  @MinLength(MIN_PHONE_LENGTH, { message: Messages.phone })
  @IsString({ message: Messages.phone })
  phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(300, { message: 'Address is too long' })
  @IsString()
  address?: string;

  @ApiPropertyOptional({ enum: ROLES, default: 'user' })
  @IsOptional()
  @IsIn(ROLES, { message: Messages.role })
  role?: Role;

  @ApiPropertyOptional({ enum: USER_STATUSES, default: 'active' })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: Messages.status })
  status?: UserStatus;
}

/** PUT and PATCH take the same fields, each optional (PartialType keeps every rule and message). */
export class UpdateUserDto extends PartialType(CreateUserDto) {}

const ANY = ['', 'all'];

export class ListUsersQuery {
  @ApiPropertyOptional({ description: 'Matches name or email' })
  @IsOptional()
  @MaxLength(100, { message: 'Search is too long' })
  @IsString()
  search?: string;

  @ApiPropertyOptional({ enum: [...ROLES, 'all'] })
  @IsOptional()
  @IsIn([...ROLES, ...ANY], { message: Messages.role })
  role?: Role | 'all' | '';

  @ApiPropertyOptional({ enum: [...USER_STATUSES, 'all'] })
  @IsOptional()
  @IsIn([...USER_STATUSES, ...ANY], { message: Messages.status })
  status?: UserStatus | 'all' | '';
}
