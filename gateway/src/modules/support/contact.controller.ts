import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import { subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import { ContactBodySchema, ContactPayload, ContactReply, SupportPatterns } from '@afya/support-service/contracts';
import { Public } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { ContactRateLimitGuard } from './contact-rate-limit.guard';

class ContactDto extends createZodDto(ContactBodySchema) {}

/** CONTRACT.md §10: the public contact form really arrives, as a ticket in the admin's support desk. */
@ApiTags('support')
@Controller('contact')
export class ContactController {
  constructor(private readonly bus: ServiceClient) {}

  @Public()
  @UseGuards(ContactRateLimitGuard)
  @HttpCode(201)
  @ApiOperation({ summary: 'Send a message from the public contact form' })
  @Post()
  send(@Body() body: ContactDto, @CurrentCaller() caller: Caller): Promise<ContactReply> {
    const payload = { name: body.name, email: body.email, subject: body.subject, message: body.message } as ContactPayload;
    return this.bus.send(subject(SupportPatterns.contact), payload, { principal: null, requestId: caller.requestId });
  }
}
