import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, rowsPage, RpcRequest, subject } from '@afya/service-shared';
import { RangePayload, ReportingPatterns } from '../../contracts';
import { AnalyticsService } from './analytics.service';

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @MessagePattern(subject(ReportingPatterns.summary))
  summary(@Payload() request: RpcRequest<RangePayload>) {
    return this.analytics.summary(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(ReportingPatterns.bookings))
  async bookings(@Payload() request: RpcRequest<RangePayload>) {
    // GET /admin/analytics/bookings: the whole series as one page (one entry per day).
    return rowsPage((await this.analytics.bookings(requirePrincipal(request), request.payload ?? {})).bookings);
  }

  @MessagePattern(subject(ReportingPatterns.revenue))
  revenue(@Payload() request: RpcRequest<RangePayload>) {
    return this.analytics.revenue(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(ReportingPatterns.appointmentStatus))
  appointmentStatus(@Payload() request: RpcRequest) {
    return this.analytics.appointmentStatus(requirePrincipal(request));
  }

  @MessagePattern(subject(ReportingPatterns.monthly))
  monthly(@Payload() request: RpcRequest) {
    return this.analytics.monthly(requirePrincipal(request));
  }

  @MessagePattern(subject(ReportingPatterns.overview))
  overview(@Payload() request: RpcRequest) {
    return this.analytics.overview(requirePrincipal(request));
  }
}
