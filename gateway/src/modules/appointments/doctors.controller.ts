import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { AppointmentPatterns, DoctorProfileReply, NotificationsReply, PerformanceReply, SetFeeReply } from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { FeeDto } from './dto/appointments.dto';

/** CONTRACT.md §7 'Doctor'. */
@ApiTags('doctor')
@ApiBearerAuth()
@Controller('doctor')
export class DoctorController {
  constructor(private readonly bus: ServiceClient) {}

  /** Today's emergency appointments and lab results for the signed-in doctor. */
  @Roles('doctor')
  @Get('notifications')
  notifications(@CurrentCaller() caller: Caller): Promise<NotificationsReply> {
    return this.bus.send(subject(AppointmentPatterns.notifications), {}, caller);
  }

  /** Weekly panel: patientsSeen, avgRating, onTimeRate, avgConsultation (definitions in DECISIONS.md). */
  @Roles('doctor')
  @Get('performance')
  performance(@CurrentCaller() caller: Caller): Promise<PerformanceReply> {
    return this.bus.send(subject(AppointmentPatterns.performance), {}, caller);
  }

  /** The doctor themself or an admin; answers doctor_id and fee (and the whole profile). */
  @Roles('doctor', 'admin')
  @Get('profile-by-user/:userId')
  profileByUser(@Param('userId', IdParam) userId: number, @CurrentCaller() caller: Caller): Promise<DoctorProfileReply> {
    return this.bus.send(subject(AppointmentPatterns.doctorByUser), { user_id: userId }, caller);
  }

  @Roles('doctor', 'admin')
  @Patch(':id/fee')
  fee(@Param('id', IdParam) id: number, @Body() body: FeeDto, @CurrentCaller() caller: Caller): Promise<SetFeeReply> {
    return this.bus.send(subject(AppointmentPatterns.setFee), { doctor_id: id, fee: body.fee }, caller);
  }
}
