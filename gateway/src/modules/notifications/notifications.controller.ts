import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { subject } from '@afya/service-shared';
import { SupportPatterns } from '@afya/support-service/contracts';
import { ProviderCallback } from '../../common/http/provider-callbacks';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

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
