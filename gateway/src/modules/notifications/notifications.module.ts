import { Module } from '@nestjs/common';
import { AdminDeliveriesController, NotificationsController } from './notifications.controller';

@Module({ controllers: [NotificationsController, AdminDeliveriesController] })
export class NotificationsGatewayModule {}
