import { Body, Controller, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  AdminUserListReply,
  AdminUserReply,
  AuthPatterns,
  CreateUserBodySchema,
  CreateUserReply,
  ListUsersPayload,
  ListUsersQuerySchema,
  UpdateUserBodySchema,
} from '@afya/auth-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { KeysReply } from '../../common/http/reply-docs';

class CreateUserDto extends createZodDto(CreateUserBodySchema) {}
class UpdateUserDto extends createZodDto(UpdateUserBodySchema) {}
class ListUsersQuery extends createZodDto(ListUsersQuerySchema) {}

const orUndefined = <T extends string>(value: T | 'all' | '' | undefined) => (value && value !== 'all' ? value : undefined);

@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly bus: ServiceClient) {}

  @KeysReply<AdminUserListReply>(200, 'users', 'data')
  @ApiOperation({ summary: 'Users, one page, searched and filtered (admins)' })
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
  @ApiOperation({ summary: 'Reset a user\'s password to a random one-time password, shown once (admins)' })
  @Post()
  create(@Body() body: CreateUserDto, @CurrentCaller() caller: Caller): Promise<CreateUserReply> {
    const { phone, contact_phone, ...rest } = body;
    // phone is read only without contact_phone, and then it passed the phone rule (the schema's refinement)
    return this.bus.send(
      subject(AuthPatterns.createUser),
      { ...rest, contact_phone: contact_phone ?? (phone as string), role: body.role ?? 'user', status: body.status ?? 'active' },
      caller,
    );
  }

  @ApiOperation({ summary: 'Replace a user\'s details (admins)' })
  @Put(':id')
  replace(@Param('id', IdParam) id: number, @Body() body: UpdateUserDto, @CurrentCaller() caller: Caller) {
    return this.update(id, body, caller);
  }

  @ApiOperation({ summary: 'Change some of a user\'s details (admins)' })
  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdateUserDto, @CurrentCaller() caller: Caller): Promise<AdminUserReply> {
    const { phone, contact_phone, ...rest } = body;
    const either = contact_phone ?? (phone as string | undefined);
    const changes = { ...rest, ...(either ? { contact_phone: either } : {}) };
    return this.bus.send(subject(AuthPatterns.updateUser), { id, changes }, caller);
  }
}
