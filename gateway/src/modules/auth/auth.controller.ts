import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  AuthPatterns,
  ForgotPasswordBodySchema,
  type ForgotPasswordReply,
  LoginBodySchema,
  LoginReply,
  LoginReplySchema,
  MessageReplySchema,
  type PasswordResetReply,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  Revocation,
  UserReply,
  UserReplySchema,
} from '@afya/auth-service/contracts';
import { SupportPatterns } from '@afya/support-service/contracts';
import { AllowedBeforePasswordChange, Public } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { AuthRateLimitGuard } from '../../common/http/auth-rate-limit.guard';
import { ReplyOf } from '../../common/http/reply-docs';

class LoginDto extends createZodDto(LoginBodySchema) {}
class RegisterDto extends createZodDto(RegisterBodySchema) {}
class ForgotPasswordDto extends createZodDto(ForgotPasswordBodySchema) {}
class ResetPasswordDto extends createZodDto(ResetPasswordBodySchema) {}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly revocations: RevocationStore,
  ) {}

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @ReplyOf(201, UserReplySchema)
  @ApiOperation({ summary: 'Register a patient or doctor account' })
  @Post('register')
  register(@Body() body: RegisterDto, @CurrentCaller() caller: Caller): Promise<UserReply> {
    return this.bus.send(subject(AuthPatterns.register), body, caller);
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @HttpCode(200)
  @ReplyOf(200, LoginReplySchema)
  @ApiOperation({ summary: 'Sign in with email and password' })
  @Post('login')
  login(@Body() body: LoginDto, @CurrentCaller() caller: Caller): Promise<LoginReply> {
    return this.bus.send(subject(AuthPatterns.login), body, caller);
  }

  /**
   * Forgot password: the same answer, in the same time, whether or not an account matched; rate limited like login
   * (per address, per email or phone). Auth stores the request and answers before looking the account up; it then
   * has the support service send the link or code (a failure there is logged in the delivery log). The link or code
   * never comes back over HTTP.
   */
  @Public()
  @UseGuards(AuthRateLimitGuard)
  @HttpCode(200)
  @ReplyOf(200, MessageReplySchema)
  @ApiOperation({ summary: 'Ask for a password reset link or code' })
  @Post('forgot-password')
  async forgotPassword(@Body() body: ForgotPasswordDto, @CurrentCaller() caller: Caller): Promise<{ message: string }> {
    const reply = await this.bus.send<ForgotPasswordReply>(subject(AuthPatterns.forgotPassword), { email: body.email, phone: body.phone }, caller);
    // An auth service of the previous release (during a rollout) still leaves the sending to the gateway: handed on
    // without waiting, so the reply's time does not depend on it.
    if (reply.delivery) void this.bus.send(subject(SupportPatterns.passwordReset), reply.delivery, { ...caller, principal: null }).catch(() => undefined);
    return { message: reply.message };
  }

  /** A link's token, or a phone and its code, and the new password: single use; every session of the account ends. */
  @Public()
  @UseGuards(AuthRateLimitGuard)
  @HttpCode(200)
  @ReplyOf(200, MessageReplySchema)
  @ApiOperation({ summary: 'Set a new password with a reset link\'s token or a phone code' })
  @Post('reset-password')
  resetPassword(@Body() body: ResetPasswordDto, @CurrentCaller() caller: Caller): Promise<PasswordResetReply> {
    return this.bus.send(subject(AuthPatterns.resetPassword), { token: body.token, phone: body.phone, code: body.code, newPassword: body.newPassword }, caller);
  }

  /** Revokes this token on the server (every gateway replica refuses it from now on). */
  @ApiBearerAuth()
  @AllowedBeforePasswordChange()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: this token is refused from now on' })
  @Post('logout')
  async logout(@CurrentCaller() caller: Caller): Promise<{ message: string }> {
    const reply = await this.bus.send<{ message: string; revocation: Revocation }>(
      subject(AuthPatterns.logout),
      { jti: caller.user!.jti, exp: caller.user!.exp },
      caller,
    );
    this.revocations.apply(reply.revocation);
    return { message: reply.message };
  }
}
