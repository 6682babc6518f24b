import { Module } from '@nestjs/common';
import { AdminDeliveriesController, AppointmentCalendarController, NotificationsController } from './notifications.controller';

@Module({ controllers: [NotificationsController, AdminDeliveriesController, AppointmentCalendarController] })
export class NotificationsGatewayModule {}
