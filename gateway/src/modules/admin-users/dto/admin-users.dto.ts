import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import {
  ADMIN_USERS_PAGE_DEFAULT,
  ADMIN_USERS_PAGE_MAX,
  AuthMessages as Messages,
  MIN_NAME_LENGTH,
  MIN_PHONE_LENGTH,
  ROLES,
  type Role,
  USER_STATUSES,
  type UserStatus,
} from '@afya/auth-service/contracts';

/** The admin user form (CONTRACT.md §5). Phone may arrive as contact_phone or phone. */
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
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

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

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be 1 or more' })
  page?: number;

  @ApiPropertyOptional({ default: ADMIN_USERS_PAGE_DEFAULT, maximum: ADMIN_USERS_PAGE_MAX })
  @IsOptional()
  @Transform(toInteger)
  @Max(ADMIN_USERS_PAGE_MAX, { message: `limit must be from 1 to ${ADMIN_USERS_PAGE_MAX}` })
  @Min(1, { message: `limit must be from 1 to ${ADMIN_USERS_PAGE_MAX}` })
  @IsInt({ message: `limit must be from 1 to ${ADMIN_USERS_PAGE_MAX}` })
  limit?: number;
}
