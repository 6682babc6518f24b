import { Module } from '@nestjs/common';
import { AppointmentCalls } from '@afya/appointment-service/contracts';
import { declaredCallsController } from './bus-calls';

/** Every call declared in a service's contracts (contracts/calls.ts), by the browser client's names. */
export const DECLARED_CALLS = {
  appointments: AppointmentCalls,
};

/** ts-rest's Nest handler serves the declared calls; its validation errors become our bodies in HttpExceptionFilter. */
@Module({ controllers: Object.values(DECLARED_CALLS).map((router) => declaredCallsController(router)) })
export class DeclaredCallsModule {}
