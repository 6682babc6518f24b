import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, LoginPayload, LogoutPayload, PublicKeysReply, RegisterPayload } from '../../contracts';
import { publishedKeys, SigningKeyProvider } from '../keys/signing-key';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly signingKey: SigningKeyProvider,
  ) {}

  @MessagePattern(subject(AuthPatterns.register))
  register(@Payload() request: RpcRequest<RegisterPayload>) {
    return this.sessions.register(request.payload, request.principal);
  }

  @MessagePattern(subject(AuthPatterns.login))
  login(@Payload() request: RpcRequest<LoginPayload>) {
    return this.sessions.login(request.payload);
  }

  @MessagePattern(subject(AuthPatterns.logout))
  logout(@Payload() request: RpcRequest<LogoutPayload>) {
    return this.sessions.logout(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.publicKeys))
  publicKeys(): PublicKeysReply {
    // Several during a rotation: the gateways verify each token with the key its kid names.
    return publishedKeys(this.signingKey.keySet);
  }

  @MessagePattern(subject(AuthPatterns.revocations))
  revocations() {
    return this.sessions.revocations();
  }
}
