// The peer's HTTP process: NestFactory.create on the default platform (@nestjs/platform-express), on PORT.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { PeerHttpModule } from './http-app';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(PeerHttpModule, { logger: ['error', 'warn'] });
  await app.listen(Number(process.env.PORT || 3000), '127.0.0.1');
  console.log('ready');
}

void bootstrap();
