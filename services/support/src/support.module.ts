import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { SupportPatterns } from '../contracts';
import { supportDatabase } from './support.database';

@Module({
  imports: [ServiceDatabaseModule.forService(supportDatabase), EventsModule.forService('support')],
  controllers: [createServiceHealthController('support', subject(SupportPatterns.health))],
})
export class SupportModule {}
