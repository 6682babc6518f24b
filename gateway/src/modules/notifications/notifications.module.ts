import { Module } from '@nestjs/common';
import { AppointmentCalendarController, NotificationsController } from './notifications.controller';

@Module({ controllers: [NotificationsController, AppointmentCalendarController] })
export class NotificationsGatewayModule {}
