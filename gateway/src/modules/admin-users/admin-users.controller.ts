import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { AdminUserListReply, AdminUserReply, AuthPatterns, CreateUserReply, ListUsersPayload } from '@afya/auth-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { CreateUserDto, ListUsersQuery, UpdateUserDto } from './dto/admin-users.dto';
import { KeysReply } from '../../common/http/reply-docs';

const orUndefined = <T extends string>(value: T | 'all' | '' | undefined) => (value && value !== 'all' ? value : undefined);

@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly bus: ServiceClient) {}

  @KeysReply<AdminUserListReply>(200, 'users', 'data')
  @Get()
  list(@Query() query: ListUsersQuery, @CurrentCaller() caller: Caller): Promise<AdminUserListReply> {
    const filters: ListUsersPayload = {
      search: query.search,
      role: orUndefined(query.role),
      status: orUndefined(query.status),
      page: query.page,
      limit: query.limit,
    };
    return this.bus.send(subject(AuthPatterns.listUsers), filters, caller);
  }

  /** Answers with a random one-time password, shown once; the user must change it at first login. */
  @KeysReply<CreateUserReply>(201, 'user')
  @Post()
  create(@Body() body: CreateUserDto, @CurrentCaller() caller: Caller): Promise<CreateUserReply> {
    const { phone, contact_phone, ...rest } = body;
    return this.bus.send(
      subject(AuthPatterns.createUser),
      { ...rest, contact_phone: contact_phone ?? phone, role: body.role ?? 'user', status: body.status ?? 'active' },
      caller,
    );
  }

  @Put(':id')
  replace(@Param('id', IdParam) id: number, @Body() body: UpdateUserDto, @CurrentCaller() caller: Caller) {
    return this.update(id, body, caller);
  }

  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdateUserDto, @CurrentCaller() caller: Caller): Promise<AdminUserReply> {
    const { phone, contact_phone, ...rest } = body;
    const changes = { ...rest, ...(contact_phone ?? phone ? { contact_phone: contact_phone ?? phone } : {}) };
    return this.bus.send(subject(AuthPatterns.updateUser), { id, changes }, caller);
  }

  @Delete(':id')
  remove(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<{ message: string }> {
    return this.bus.send(subject(AuthPatterns.deleteUser), { id }, caller);
  }
}
