import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  AuthMessages as Messages,
  LANGUAGES,
  type Language,
  MIN_ADDRESS_LENGTH,
  MIN_NAME_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PHONE_LENGTH,
  ROLES,
  type Role,
  USER_STATUSES,
  type UserStatus,
} from '@afya/auth-service/contracts';

export class LoginDto {
  @ApiProperty({ example: 'patient@afya.test' })
  @IsEmail({}, { message: Messages.email })
  email!: string;

  @ApiProperty({ example: 'Patient#2026' })
  @MaxLength(200, { message: 'Password is too long' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.password })
  @IsString({ message: Messages.password })
  password!: string;
}

export class RegisterDto {
  @ApiProperty({ example: 'Amani' })
  @MaxLength(100, { message: 'First name is too long' })
  @MinLength(MIN_NAME_LENGTH, { message: Messages.firstname })
  @IsString({ message: Messages.firstname })
  firstname!: string;

  @ApiProperty({ example: 'Otieno' })
  @MaxLength(100, { message: 'Last name is too long' })
  @MinLength(MIN_NAME_LENGTH, { message: Messages.lastname })
  @IsString({ message: Messages.lastname })
  lastname!: string;

  @ApiProperty({ example: 'amani@example.co.ke' })
  @IsEmail({}, { message: Messages.email })
  email!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH })
  @MaxLength(200, { message: 'Password is too long' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.password })
  @IsString({ message: Messages.password })
  password!: string;

  @ApiProperty({ example: '+254712345678' })
  @MaxLength(20, { message: 'Phone number is too long' })
  @MinLength(MIN_PHONE_LENGTH, { message: Messages.phone })
  @IsString({ message: Messages.phone })
  contact_phone!: string;

  @ApiPropertyOptional({
    example: 'Ngong Road, Kilimani, Nairobi',
    description: `At least ${MIN_ADDRESS_LENGTH} characters; required unless an admin registers someone`,
  })
  @IsOptional()
  @MaxLength(300, { message: 'Address is too long' })
  @MinLength(MIN_ADDRESS_LENGTH, { message: Messages.address })
  @IsString({ message: Messages.address })
  address?: string;

  @ApiPropertyOptional({ enum: ROLES, description: 'Honoured only when an admin registers someone' })
  @IsOptional()
  @IsIn(ROLES, { message: Messages.role })
  role?: Role;

  @ApiPropertyOptional({ enum: USER_STATUSES, description: 'Honoured only when an admin registers someone' })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: Messages.status })
  status?: UserStatus;
}

export class UpdateProfileDto {
  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(100, { message: 'First name is too long' })
  @IsNotEmpty({ message: 'First name is required' })
  @IsString()
  firstname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(100, { message: 'Last name is too long' })
  @IsNotEmpty({ message: 'Last name is required' })
  @IsString()
  lastname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(20, { message: 'Phone number is too long' })
  @IsString()
  contact_phone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @MaxLength(300, { message: 'Address is too long' })
  @IsString()
  address?: string;

  @ApiPropertyOptional({ description: 'Set by upload; an empty string removes the picture' })
  @IsOptional()
  @IsString()
  profile_picture_url?: string;

  @ApiPropertyOptional({ enum: LANGUAGES, description: 'The language emails, SMS and PDFs are written in' })
  @IsOptional()
  @IsIn(LANGUAGES, { message: Messages.language })
  language?: Language;
}

export class ChangePasswordDto {
  @ApiProperty()
  @IsNotEmpty({ message: 'Current password is required' })
  @IsString({ message: 'Current password is required' })
  currentPassword!: string;

  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH })
  @MaxLength(200, { message: 'Password is too long' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.password })
  @IsString({ message: Messages.password })
  newPassword!: string;
}

export class ProfilePictureDto {
  @ApiProperty({ description: 'A data URL (data:image/png;base64,...) of a JPEG, PNG or WebP image up to 2 MB' })
  @MaxLength(2_800_000, { message: 'Profile picture must be 2 MB or smaller' })
  @IsNotEmpty({ message: 'Please choose an image' })
  @IsString({ message: 'Please choose an image' })
  imageBase64!: string;
}

/** POST /auth/forgot-password: an email (a link), or a phone (a 6-digit code by SMS). */
export class ForgotPasswordDto {
  @ApiPropertyOptional({ example: 'patient@afya.test' })
  @IsOptional()
  @IsEmail({}, { message: Messages.email })
  email?: string;

  @ApiPropertyOptional({ example: '0712345678' })
  @IsOptional()
  @MaxLength(30, { message: 'Phone number is too long' })
  @IsString({ message: Messages.resetNeedsEmailOrPhone })
  phone?: string;
}

/** POST /auth/reset-password: the link's token, or the phone and its code; the new password. */
export class ResetPasswordDto {
  @ApiPropertyOptional() @IsOptional() @MaxLength(100) @IsString() token?: string;
  @ApiPropertyOptional() @IsOptional() @MaxLength(30) @IsString() phone?: string;
  @ApiPropertyOptional({ example: '123456' }) @IsOptional() @MaxLength(10) @IsString() code?: string;

  @ApiProperty()
  @MaxLength(200, { message: 'Password is too long' })
  @MinLength(MIN_PASSWORD_LENGTH, { message: Messages.password })
  @IsString({ message: Messages.password })
  newPassword!: string;
}
