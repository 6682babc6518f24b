import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import {
  AppointmentPatterns,
  type BookReply,
  type JoinWaitlistReply,
  type LeaveWaitlistReply,
  type WaitlistEntryList,
  type WaitlistLength,
  type WaitlistMessageReply,
  type WaitlistOfferView,
} from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { JoinWaitlistDto } from './waitlist.dto';

/**
 * The waitlist (the appointment service owns it, beside the slots it holds). Patients join a doctor's waitlist
 * for a date range, see and leave their entries, and open an offer's confirmation page: GET shows it, only the
 * POST …/claim books it (a link scanner opening the link claims nothing).
 */
@ApiTags('waitlist')
@ApiBearerAuth()
@Roles('user')
@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly bus: ServiceClient) {}

  @Post()
  join(@Body() body: JoinWaitlistDto, @CurrentCaller() caller: Caller): Promise<JoinWaitlistReply> {
    return this.bus.send(subject(AppointmentPatterns.waitlistJoin), body, caller);
  }

  /** The patient's entries, newest first (a bare array), each with its place in line and any offer held for it. */
  @Get()
  list(@CurrentCaller() caller: Caller): Promise<WaitlistEntryList> {
    return this.bus.send(subject(AppointmentPatterns.waitlistList), {}, caller);
  }

  @Delete(':id')
  leave(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<LeaveWaitlistReply> {
    return this.bus.send(subject(AppointmentPatterns.waitlistLeave), { id }, caller);
  }

  @Get('offers/:id')
  offer(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<WaitlistOfferView> {
    return this.bus.send(subject(AppointmentPatterns.waitlistOffer), { id }, caller);
  }

  /** Books the held slot for the patient it is held for (409 once it has lapsed or was taken). */
  @Post('offers/:id/claim')
  claim(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<BookReply> {
    return this.bus.send(subject(AppointmentPatterns.waitlistClaim), { id }, caller);
  }

  @HttpCode(200)
  @Post('offers/:id/decline')
  decline(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<WaitlistMessageReply> {
    return this.bus.send(subject(AppointmentPatterns.waitlistDecline), { id }, caller);
  }
}

/** The admin's view: waitlist length per doctor (a bare array, longest first). */
@ApiTags('waitlist')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/waitlist')
export class AdminWaitlistController {
  constructor(private readonly bus: ServiceClient) {}

  @Get()
  lengths(@CurrentCaller() caller: Caller): Promise<WaitlistLength[]> {
    return this.bus.send(subject(AppointmentPatterns.waitlistLengths), {}, caller);
  }
}
