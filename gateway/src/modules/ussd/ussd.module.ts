import { Module } from '@nestjs/common';
import { UssdConfig } from './ussd-config';
import { UssdController } from './ussd.controller';
import { BusUssdPlatform } from './ussd-platform';

/** Booking by USSD (issue 42): Africa's Talking's callback and the menu behind it. */
@Module({
  controllers: [UssdController],
  providers: [{ provide: UssdConfig, useFactory: () => new UssdConfig() }, BusUssdPlatform],
})
export class UssdGatewayModule {}
