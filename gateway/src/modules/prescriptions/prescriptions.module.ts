import { Module } from '@nestjs/common';
import { MedicalHistoryController } from '../medical-history/medical-history.controller';
import { PrescriptionsController } from './prescriptions.controller';

/** Prescriptions, their PDFs, medical history and the patient's access log (issue 10). */
@Module({ controllers: [PrescriptionsController, MedicalHistoryController] })
export class PrescriptionsGatewayModule {}
