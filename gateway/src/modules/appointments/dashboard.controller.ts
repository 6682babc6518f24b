import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { AppointmentPatterns, DashboardReply } from '@afya/appointment-service/contracts';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { KeysReply } from '../../common/http/reply-docs';

/**
 * GET /user/dashboard {stats}: the appointment figures of the caller's dashboard (patient: today's count,
 * upcoming and the two to show; doctor: today's list; admin: appointment and doctor totals). Users and
 * revenue totals belong to the auth and payment services.
 */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class DashboardController {
  constructor(private readonly bus: ServiceClient) {}

  @KeysReply<DashboardReply>(200, 'stats')
  @Get('dashboard')
  dashboard(@CurrentCaller() caller: Caller): Promise<DashboardReply> {
    return this.bus.send(subject(AppointmentPatterns.dashboard), {}, caller);
  }
}
