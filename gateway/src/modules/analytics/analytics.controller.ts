import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { subject } from '@afya/service-shared';
import { BookingsReply, DailyBookings, ReportingPatterns, RangeQuerySchema } from '@afya/reporting-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { sendList } from '../../common/http/list-reply';
import { ListReply } from '../../common/http/reply-docs';

export class RangeQuery extends createZodDto(RangeQuerySchema) {}

/**
 * CONTRACT.md §7 "Admin" analytics; figures from the reporting service's read models. The summary, revenue,
 * appointment-status, monthly and overview calls are declared in the reporting contract (ReportingCalls, decision 0095);
 * the bookings series stays here: the service answers `{range, bookings}` and the body is the bare array.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AnalyticsController {
  constructor(private readonly bus: ServiceClient) {}

  /** Bookings per day of the range, oldest first: the bare array (one entry per day, so one page). */
  @ListReply<DailyBookings>('date', 'count')
  @ApiOperation({ summary: 'Bookings per day of the range, oldest first' })
  @Get('analytics/bookings')
  async bookings(
    @Query() query: RangeQuery,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DailyBookings[]> {
    const { bookings } = await this.bus.send<BookingsReply>(subject(ReportingPatterns.bookings), { range: query.range }, caller);
    return sendList(request, reply, bookings);
  }
}
