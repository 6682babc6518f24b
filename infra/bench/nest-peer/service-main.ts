// The peer's microservice process: NestFactory.createMicroservice with the NATS transport (NATS_URL).
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MicroserviceOptions, Transport } from '@nestjs/microservices';
import { AppointmentsServiceModule } from './appointments.service';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppointmentsServiceModule, {
    transport: Transport.NATS,
    options: { servers: [process.env.NATS_URL || 'nats://127.0.0.1:4222'], queue: 'appointments' },
    logger: ['error', 'warn'],
  });
  await app.listen();
  console.log('ready');
}

void bootstrap();
