import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { subject } from '@afya/service-shared';
import {
  AnalyticsSummaryReply,
  AppointmentStatusReply,
  BookingsReply,
  DailyBookings,
  MonthlyReply,
  OverviewReply,
  ReportingPatterns,
  RevenueReply,
  RangeQuerySchema,
} from '@afya/reporting-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { sendList } from '../../common/http/list-reply';
import { KeysReply, ListReply } from '../../common/http/reply-docs';

export class RangeQuery extends createZodDto(RangeQuerySchema) {}

/** CONTRACT.md §7 "Admin" analytics, and the admin home's overview; figures from the reporting service's read models. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AnalyticsController {
  constructor(private readonly bus: ServiceClient) {}

  @KeysReply<AnalyticsSummaryReply>(200, 'totals', 'recentUsers', 'recentAppointments', 'recentPayments', 'pendingDoctors', 'paymentDisputes')
  @Get('analytics/summary')
  summary(@Query() query: RangeQuery, @CurrentCaller() caller: Caller): Promise<AnalyticsSummaryReply> {
    return this.bus.send(subject(ReportingPatterns.summary), { range: query.range }, caller);
  }

  /** Bookings per day of the range, oldest first: the bare array (one entry per day, so one page). */
  @ListReply<DailyBookings>('date', 'count')
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

  @KeysReply<RevenueReply>(200, 'dailyRevenue')
  @Get('analytics/revenue')
  revenue(@Query() query: RangeQuery, @CurrentCaller() caller: Caller): Promise<RevenueReply> {
    return this.bus.send(subject(ReportingPatterns.revenue), { range: query.range }, caller);
  }

  @KeysReply<AppointmentStatusReply>(200, 'statusBreakdown')
  @Get('analytics/appointment-status')
  appointmentStatus(@CurrentCaller() caller: Caller): Promise<AppointmentStatusReply> {
    return this.bus.send(subject(ReportingPatterns.appointmentStatus), {}, caller);
  }

  /** The 'Monthly Statistics' table: the last twelve months with growth rates. */
  @Get('analytics/monthly')
  monthly(@CurrentCaller() caller: Caller): Promise<MonthlyReply> {
    return this.bus.send(subject(ReportingPatterns.monthly), {}, caller);
  }

  /** The admin home: totals, pending actions, recent activity, revenue and user-growth series. */
  @Get('overview')
  overview(@CurrentCaller() caller: Caller): Promise<OverviewReply> {
    return this.bus.send(subject(ReportingPatterns.overview), {}, caller);
  }
}
