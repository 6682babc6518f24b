import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, type ForgotPasswordPayload, type ResetPasswordPayload } from '../../contracts';
import { PasswordResetService } from './password-reset.service';
import { ResetRequestQueue } from './reset-request-queue';

@Controller()
export class PasswordResetController {
  constructor(
    private readonly resets: PasswordResetService,
    private readonly requests: ResetRequestQueue,
  ) {}

  /** Stored and answered at once, whether or not an account matches; the queue sends the link or code afterwards. */
  @MessagePattern(subject(AuthPatterns.forgotPassword))
  forgot(@Payload() request: RpcRequest<ForgotPasswordPayload>) {
    return this.requests.add(request.payload);
  }

  @MessagePattern(subject(AuthPatterns.resetPassword))
  reset(@Payload() request: RpcRequest<ResetPasswordPayload>) {
    return this.resets.reset(request.payload);
  }
}
