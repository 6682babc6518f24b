import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  AppointmentPatterns,
  DoctorProfileReply,
  FeeBodySchema,
  NotificationsReply,
  PerformanceReply,
  SetFeeReply,
  SetVideoReply,
  VideoOfferBodySchema,
} from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { KeysReply } from '../../common/http/reply-docs';

class FeeDto extends createZodDto(FeeBodySchema) {}
class VideoOfferDto extends createZodDto(VideoOfferBodySchema) {}

/** CONTRACT.md §7 'Doctor'. */
@ApiTags('doctor')
@ApiBearerAuth()
@Controller('doctor')
export class DoctorController {
  constructor(private readonly bus: ServiceClient) {}

  /** Today's emergency appointments and lab results for the signed-in doctor. */
  @Roles('doctor')
  @KeysReply<NotificationsReply>(200, 'emergencies', 'labResults')
  @Get('notifications')
  notifications(@CurrentCaller() caller: Caller): Promise<NotificationsReply> {
    return this.bus.send(subject(AppointmentPatterns.notifications), {}, caller);
  }

  /** Weekly panel: patientsSeen, avgRating, onTimeRate, avgConsultation (definitions in docs/decisions/0014-doctor-performance-definitions.md). */
  @Roles('doctor')
  @KeysReply<PerformanceReply>(200, 'patientsSeen', 'avgRating', 'onTimeRate', 'avgConsultation')
  @Get('performance')
  performance(@CurrentCaller() caller: Caller): Promise<PerformanceReply> {
    return this.bus.send(subject(AppointmentPatterns.performance), {}, caller);
  }

  /** The doctor themself or an admin; answers doctor_id and fee (and the whole profile). */
  @Roles('doctor', 'admin')
  @KeysReply<DoctorProfileReply>(200, 'doctor_id', 'fee')
  @Get('profile-by-user/:userId')
  profileByUser(@Param('userId', IdParam) userId: number, @CurrentCaller() caller: Caller): Promise<DoctorProfileReply> {
    return this.bus.send(subject(AppointmentPatterns.doctorByUser), { user_id: userId }, caller);
  }

  @Roles('doctor', 'admin')
  @Patch(':id/fee')
  fee(@Param('id', IdParam) id: number, @Body() body: FeeDto, @CurrentCaller() caller: Caller): Promise<SetFeeReply> {
    return this.bus.send(subject(AppointmentPatterns.setFee), { doctor_id: id, fee: body.fee }, caller);
  }

  /** The doctor themself or an admin turns video visits on or off. */
  @Roles('doctor', 'admin')
  @Patch(':id/video')
  video(@Param('id', IdParam) id: number, @Body() body: VideoOfferDto, @CurrentCaller() caller: Caller): Promise<SetVideoReply> {
    return this.bus.send(subject(AppointmentPatterns.setVideo), { doctor_id: id, offers_video: body.offers_video }, caller);
  }
}
