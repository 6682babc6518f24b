import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import type { PayloadOf } from '@afya/service-shared/calls';
import { type AuthCalls, AuthPatterns, CreateUserPayload, ListUsersPayload, UpdateUserPayload } from '../../contracts';
import { AdminUsersService } from './admin-users.service';

@Controller()
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @MessagePattern(subject(AuthPatterns.listUsers))
  list(@Payload() request: RpcRequest<ListUsersPayload>) {
    return this.adminUsers.list(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(AuthPatterns.createUser))
  create(@Payload() request: RpcRequest<CreateUserPayload>) {
    return this.adminUsers.create(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.updateUser))
  update(@Payload() request: RpcRequest<UpdateUserPayload>) {
    return this.adminUsers.update(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.deleteUser))
  remove(@Payload() request: RpcRequest<PayloadOf<typeof AuthCalls.deleteUser>>) {
    return this.adminUsers.remove(requirePrincipal(request), request.payload.id);
  }
}
