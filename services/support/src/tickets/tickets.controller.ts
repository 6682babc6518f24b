import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PageRequest, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import {
  type DataExportTicketsReply,
  ContactPayload,
  CreateTicketPayload,
  ListAllTicketsPayload,
  PostMessagePayload,
  SetTicketStatusPayload,
  SupportPatterns,
  UpdateTicketPayload,
} from '../../contracts';
import { CommunicationsService } from '../communications/communications.service';
import { TicketsService } from './tickets.service';

@Controller()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly communications: CommunicationsService,
  ) {}

  @MessagePattern(subject(SupportPatterns.create))
  create(@Payload() request: RpcRequest<CreateTicketPayload>) {
    return this.tickets.create(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.update))
  update(@Payload() request: RpcRequest<UpdateTicketPayload>) {
    return this.tickets.update(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.setStatus))
  setStatus(@Payload() request: RpcRequest<SetTicketStatusPayload>) {
    return this.tickets.setStatus(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.remove))
  remove(@Payload() request: RpcRequest<{ id: number }>) {
    return this.tickets.remove(requirePrincipal(request), request.payload.id);
  }

  @MessagePattern(subject(SupportPatterns.get))
  get(@Payload() request: RpcRequest<{ id: number }>) {
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
  messages(@Payload() request: RpcRequest<{ id: number }>) {
    return this.tickets.messages(requirePrincipal(request), request.payload.id, request.requestId);
  }

  @MessagePattern(subject(SupportPatterns.postMessage))
  postMessage(@Payload() request: RpcRequest<PostMessagePayload>) {
    return this.tickets.postMessage(requirePrincipal(request), request.payload);
  }

  /** Anonymous: the public contact form (the gateway rate-limits it per address). */
  @MessagePattern(subject(SupportPatterns.contact))
  contact(@Payload() request: RpcRequest<ContactPayload>) {
    return this.tickets.contact(request.payload);
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
