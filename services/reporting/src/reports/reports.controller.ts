import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { OpenReportPayload, ReportingPatterns } from '../../contracts';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(subject(ReportingPatterns.openReport))
  open(@Payload() request: RpcRequest<OpenReportPayload>) {
    return this.reports.open(requirePrincipal(request), request.payload);
  }
}
