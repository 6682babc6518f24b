import { Module } from '@nestjs/common';
import { PrescriptionsController } from './prescriptions.controller';

/** The prescriptions' PDF (issue 10; the other prescription and medical history calls are declared: PrescriptionCalls). */
@Module({ controllers: [PrescriptionsController] })
export class PrescriptionsGatewayModule {}
