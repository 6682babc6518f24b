import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { PrescriptionPatterns } from '../contracts';
import { prescriptionDatabase } from './prescription.database';

@Module({
  imports: [ServiceDatabaseModule.forService(prescriptionDatabase), EventsModule.forService('prescription')],
  controllers: [createServiceHealthController('prescription', subject(PrescriptionPatterns.health))],
})
export class PrescriptionModule {}
