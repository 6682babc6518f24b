import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { type AppointmentRemindersPayload, type CalendarFilePayload, type DeliveryListPayload, type NotificationPreferences, type PasswordResetMessagePayload, type SmsDeliveryReportPayload, SupportPatterns, type UssdLockedMessagePayload } from '../../contracts';
import { AppointmentReminders } from './appointment-reminders';
import { CommunicationsService } from './communications.service';

@Controller()
export class CommunicationsController {
  constructor(
    private readonly communications: CommunicationsService,
    private readonly reminders: AppointmentReminders,
  ) {}

  @MessagePattern(subject(SupportPatterns.appointmentReminders))
  appointmentReminders(@Payload() request: RpcRequest<AppointmentRemindersPayload>) {
    return this.reminders.read(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.preferencesGet))
  preferences(@Payload() request: RpcRequest) {
    return this.communications.preferences(requirePrincipal(request));
  }

  @MessagePattern(subject(SupportPatterns.preferencesSet))
  setPreferences(@Payload() request: RpcRequest<Partial<NotificationPreferences>>) {
    return this.communications.setPreferences(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(SupportPatterns.smsDeliveryReport))
  deliveryReport(@Payload() request: RpcRequest<SmsDeliveryReportPayload>) {
    return this.communications.deliveryReport(request.payload);
  }

  @MessagePattern(subject(SupportPatterns.passwordReset))
  passwordReset(@Payload() request: RpcRequest<PasswordResetMessagePayload>) {
    return this.communications.sendPasswordReset(request.payload);
  }

  @MessagePattern(subject(SupportPatterns.ussdLocked))
  ussdLocked(@Payload() request: RpcRequest<UssdLockedMessagePayload>) {
    return this.communications.sendUssdLocked(request.payload);
  }

  @MessagePattern(subject(SupportPatterns.calendarFile))
  calendarFile(@Payload() request: RpcRequest<CalendarFilePayload>) {
    return this.communications.calendarFile(requirePrincipal(request), request.payload?.id);
  }

  @MessagePattern(subject(SupportPatterns.deliveries))
  list(@Payload() request: RpcRequest<DeliveryListPayload>) {
    return this.communications.list(requirePrincipal(request), request.payload ?? {});
  }
}
