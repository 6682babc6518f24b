import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns } from '../../contracts';
import { DashboardService } from './dashboard.service';

@Controller()
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @MessagePattern(subject(AppointmentPatterns.dashboard))
  get(@Payload() request: RpcRequest) {
    return this.dashboard.dashboard(requirePrincipal(request), request.requestId);
  }
}
