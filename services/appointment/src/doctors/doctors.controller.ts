import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns, ApproveDoctorPayload, DoctorByUserPayload, SetFeePayload, SetVideoPayload } from '../../contracts';
import { DoctorInsightsService } from './doctor-insights.service';
import { DoctorsService } from './doctors.service';

@Controller()
export class DoctorsController {
  constructor(
    private readonly doctors: DoctorsService,
    private readonly insights: DoctorInsightsService,
  ) {}

  @MessagePattern(subject(AppointmentPatterns.listDoctors))
  list(@Payload() request: RpcRequest) {
    return this.doctors.list(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.adminDoctors))
  adminList(@Payload() request: RpcRequest) {
    return this.doctors.adminList(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.doctorByUser))
  byUser(@Payload() request: RpcRequest<DoctorByUserPayload>) {
    return this.doctors.byUser(requirePrincipal(request), request.payload.user_id);
  }

  @MessagePattern(subject(AppointmentPatterns.setFee))
  setFee(@Payload() request: RpcRequest<SetFeePayload>) {
    return this.doctors.setFee(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.setVideo))
  setVideo(@Payload() request: RpcRequest<SetVideoPayload>) {
    return this.doctors.setVideo(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.approveDoctor))
  approve(@Payload() request: RpcRequest<ApproveDoctorPayload>) {
    return this.doctors.approve(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.notifications))
  notifications(@Payload() request: RpcRequest) {
    return this.insights.notifications(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.performance))
  performance(@Payload() request: RpcRequest) {
    return this.insights.performance(requirePrincipal(request));
  }
}
