import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  type DeliveryListReply,
  DeliveriesQuerySchema,
  type DeliveryView,
  SupportPatterns,
} from '@afya/support-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { ProviderCallback } from '../../common/http/provider-callbacks';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

class DeliveriesQuery extends createZodDto(DeliveriesQuerySchema) {}

/** The SMS and email the platform sends (the support service's communications): delivery reports (the preferences are declared: SupportCalls). */
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

/** The admin's delivery log: a page of rows, the total in X-Total-Count. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('admin/deliveries')
export class AdminDeliveriesController {
  constructor(private readonly bus: ServiceClient) {}

  @Roles('admin')
  @ApiOperation({ summary: 'Message deliveries (SMS and email), one page (admins)' })
  @Get()
  async list(@Query() query: DeliveriesQuery, @CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeliveryView[]> {
    const payload = { search: query.search, status: query.status, channel: query.channel, page: query.page, limit: query.limit };
    const result = await this.bus.send<DeliveryListReply>(subject(SupportPatterns.deliveries), payload, caller);
    reply.header('x-total-count', String(result.total));
    return result.deliveries;
  }
}
