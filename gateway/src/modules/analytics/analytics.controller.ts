import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { subject } from '@afya/service-shared';
import {
  ANALYTICS_RANGES,
  AnalyticsSummaryReply,
  AppointmentStatusReply,
  BookingsReply,
  DEFAULT_ANALYTICS_RANGE,
  MonthlyReply,
  OverviewReply,
  ReportingMessages,
  ReportingPatterns,
  RevenueReply,
} from '@afya/reporting-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

export class RangeQuery {
  @ApiPropertyOptional({ enum: ANALYTICS_RANGES, default: DEFAULT_ANALYTICS_RANGE })
  @IsOptional()
  @Transform(toInteger)
  @IsIn(ANALYTICS_RANGES, { message: ReportingMessages.range })
  range?: number;
}

/** CONTRACT.md §7 "Admin" analytics, and the admin home's overview; figures from the reporting service's read models. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AnalyticsController {
  constructor(private readonly bus: ServiceClient) {}

  @Get('analytics/summary')
  summary(@Query() query: RangeQuery, @CurrentCaller() caller: Caller): Promise<AnalyticsSummaryReply> {
    return this.bus.send(subject(ReportingPatterns.summary), { range: query.range }, caller);
  }

  @Get('analytics/bookings')
  bookings(@Query() query: RangeQuery, @CurrentCaller() caller: Caller): Promise<BookingsReply> {
    return this.bus.send(subject(ReportingPatterns.bookings), { range: query.range }, caller);
  }

  @Get('analytics/revenue')
  revenue(@Query() query: RangeQuery, @CurrentCaller() caller: Caller): Promise<RevenueReply> {
    return this.bus.send(subject(ReportingPatterns.revenue), { range: query.range }, caller);
  }

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
