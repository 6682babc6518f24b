import { Module } from '@nestjs/common';
import { AdminWaitlistController, WaitlistController } from './waitlist.controller';

@Module({ controllers: [WaitlistController, AdminWaitlistController] })
export class WaitlistGatewayModule {}
