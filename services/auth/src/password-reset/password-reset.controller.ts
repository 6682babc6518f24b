import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, type ForgotPasswordPayload, type ResetPasswordPayload } from '../../contracts';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @MessagePattern(subject(AuthPatterns.forgotPassword))
  forgot(@Payload() request: RpcRequest<ForgotPasswordPayload>) {
    return this.resets.forgot(request.payload);
  }

  @MessagePattern(subject(AuthPatterns.resetPassword))
  reset(@Payload() request: RpcRequest<ResetPasswordPayload>) {
    return this.resets.reset(request.payload);
  }
}
