import { FamilyAccess } from './family/family-access';
import { Module, OnApplicationShutdown } from '@nestjs/common';
import { closePdfRenderer, createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { PrescriptionPatterns } from '../contracts';
import { AccessLog } from './audit/access-log';
import { DataExportController } from './data-export/data-export.controller';
import { CareAccess } from './care/care-access';
import { ReadModelConsumers } from './directory/read-models';
import { HistoryService } from './history/history.service';
import { prescriptionDatabase } from './prescription.database';
import { PrescriptionsController } from './prescriptions/prescriptions.controller';
import { PrescriptionsService } from './prescriptions/prescriptions.service';
import { VitalsController } from './vitals/vitals.controller';
import { VitalsService } from './vitals/vitals.service';

@Module({
  imports: [ServiceDatabaseModule.forService(prescriptionDatabase), EventsModule.forService('prescription')],
  controllers: [PrescriptionsController, DataExportController, VitalsController, createServiceHealthController('prescription', subject(PrescriptionPatterns.health))],
  providers: [AccessLog, CareAccess, FamilyAccess, PrescriptionsService, HistoryService, ReadModelConsumers, VitalsService],
})
export class PrescriptionModule implements OnApplicationShutdown {
  /** The warm PDF browser ends with the service. */
  onApplicationShutdown(): Promise<void> {
    return closePdfRenderer();
  }
}
