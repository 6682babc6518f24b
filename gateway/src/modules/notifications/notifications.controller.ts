import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { subject } from '@afya/service-shared';
import { type CalendarFileReply, type CalendarFilePayload, SupportPatterns } from '@afya/support-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { ProviderCallback } from '../../common/http/provider-callbacks';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';

/** The SMS and email the platform sends (the support service's communications): delivery reports (the preferences and the admin's delivery log are declared: SupportCalls). */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly bus: ServiceClient) {}

  /**
   * Africa's Talking's delivery reports (a form POST). A provider callback: the secret token in the path
   * (SMS_DELIVERY_REPORT_TOKEN, part of the callback URL registered with them) is checked by the service and never
   * logged.
   */
  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: 'Africa\'s Talking\'s delivery reports (a form POST)' })
  @Post('sms/delivery-reports/:token')
  deliveryReport(@Param('token') token: string, @Req() request: FastifyRequest, @CurrentCaller() caller: Caller): Promise<{ ok: true }> {
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : undefined);
    const payload = {
      token,
      id: field('id') ?? '',
      status: field('status') ?? '',
      phoneNumber: field('phoneNumber'),
      networkCode: field('networkCode'),
      failureReason: field('failureReason'),
      retryCount: field('retryCount'),
    };
    return this.bus.send(subject(SupportPatterns.smsDeliveryReport), payload, { ...caller, principal: null });
  }
}

/**
 * An appointment as a calendar file (issue 37): what the emails attach (the same UID, the current SEQUENCE, TZID
 * Africa/Nairobi), made by the support service, which keeps both. Its patient, its doctor and admins; anyone else 404.
 * A file, so a controller method rather than a declared call (docs/decisions/0095-one-declaration-per-call.md).
 */
@ApiTags('appointments')
@ApiBearerAuth()
@Controller('appointments')
export class AppointmentCalendarController {
  constructor(private readonly bus: ServiceClient) {}

  @Roles('user', 'doctor', 'admin')
  @ApiOperation({ summary: 'An appointment as an iCalendar file (its patient, its doctor, admins)' })
  @ApiProduces('text/calendar')
  @Get(':id/calendar.ics')
  async calendar(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.bus.send<CalendarFileReply>(subject(SupportPatterns.calendarFile), { id } satisfies CalendarFilePayload, caller);
    await reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.ics);
  }
}
