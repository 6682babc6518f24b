import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { AuthPatterns, LoginReply, Revocation, UserReply } from '@afya/auth-service/contracts';
import { AllowedBeforePasswordChange, Public } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { AuthRateLimitGuard } from '../../common/http/auth-rate-limit.guard';
import { LoginDto, RegisterDto } from './dto/auth.dto';
import { KeysReply } from '../../common/http/reply-docs';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly revocations: RevocationStore,
  ) {}

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @KeysReply<UserReply>(201, 'user')
  @Post('register')
  register(@Body() body: RegisterDto, @CurrentCaller() caller: Caller): Promise<UserReply> {
    return this.bus.send(subject(AuthPatterns.register), body, caller);
  }

  @Public()
  @UseGuards(AuthRateLimitGuard)
  @HttpCode(200)
  @KeysReply<LoginReply>(200, 'token', 'user')
  @Post('login')
  login(@Body() body: LoginDto, @CurrentCaller() caller: Caller): Promise<LoginReply> {
    return this.bus.send(subject(AuthPatterns.login), body, caller);
  }

  /** Revokes this token on the server (every gateway replica refuses it from now on). */
  @ApiBearerAuth()
  @AllowedBeforePasswordChange()
  @HttpCode(200)
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
