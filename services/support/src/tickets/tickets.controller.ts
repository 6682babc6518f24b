import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { PayloadOf } from '@afya/service-shared/calls';
import { PageRequest, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import {
  type DataExportTicketsReply,
  ContactPayload,
  CreateTicketPayload,
  ListAllTicketsPayload,
  PostMessagePayload,
  SetTicketStatusPayload,
  type SupportCalls,
  SupportPatterns,
  UpdateTicketPayload,
} from '../../contracts';
import { CommunicationsService } from '../communications/communications.service';
import { TicketChangesService } from './ticket-changes.service';
import { TicketConversationService } from './ticket-conversation.service';
import { TicketsService } from './tickets.service';

@Controller()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly changes: TicketChangesService,
    private readonly conversation: TicketConversationService,
    private readonly communications: CommunicationsService,
  ) {}

  @MessagePattern(subject(SupportPatterns.create))
  create(@Payload() request: RpcRequest<CreateTicketPayload>) {
    return this.changes.create(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.update))
  update(@Payload() request: RpcRequest<UpdateTicketPayload>) {
    return this.changes.update(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.setStatus))
  setStatus(@Payload() request: RpcRequest<SetTicketStatusPayload>) {
    return this.changes.setStatus(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.remove))
  remove(@Payload() request: RpcRequest<PayloadOf<typeof SupportCalls.remove>>) {
    return this.changes.remove(requirePrincipal(request), request.payload.id);
  }

  @MessagePattern(subject(SupportPatterns.get))
  get(@Payload() request: RpcRequest<PayloadOf<typeof SupportCalls.get>>) {
    return this.tickets.get(requirePrincipal(request), request.payload.id, request.requestId);
  }

  @MessagePattern(subject(SupportPatterns.listOwn))
  listOwn(@Payload() request: RpcRequest<PageRequest>) {
    return this.tickets.listOwn(requirePrincipal(request), request.payload ?? {});
  }

  /** The support service's part of a data export: tickets (here) with message preferences and the delivery log. */
  @MessagePattern(subject(SupportPatterns.dataExport))
  async dataExport(@Payload() request: RpcRequest): Promise<DataExportTicketsReply> {
    const principal = requirePrincipal(request);
    const [tickets, messages] = await Promise.all([this.tickets.dataExport(principal), this.communications.dataExport(principal)]);
    return { ...tickets, ...messages };
  }

  @MessagePattern(subject(SupportPatterns.listForDoctor))
  listForDoctor(@Payload() request: RpcRequest<PageRequest>) {
    return this.tickets.listForDoctor(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }

  @MessagePattern(subject(SupportPatterns.listAll))
  listAll(@Payload() request: RpcRequest<ListAllTicketsPayload>) {
    return this.tickets.listAll(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(SupportPatterns.messages))
  messages(@Payload() request: RpcRequest<PayloadOf<typeof SupportCalls.messages>>) {
    return this.conversation.messages(requirePrincipal(request), request.payload.id, request.requestId);
  }

  @MessagePattern(subject(SupportPatterns.postMessage))
  postMessage(@Payload() request: RpcRequest<PostMessagePayload>) {
    return this.conversation.postMessage(requirePrincipal(request), request.payload);
  }

  /** Anonymous: the public contact form (the gateway rate-limits it per address). */
  @MessagePattern(subject(SupportPatterns.contact))
  contact(@Payload() request: RpcRequest<ContactPayload>) {
    return this.changes.contact(request.payload);
  }

  @MessagePattern(subject(SupportPatterns.stats))
  stats(@Payload() request: RpcRequest) {
    return this.tickets.stats(requirePrincipal(request));
  }

  @MessagePattern(subject(SupportPatterns.unread))
  unread(@Payload() request: RpcRequest) {
    return this.tickets.unread(requirePrincipal(request));
  }
}
