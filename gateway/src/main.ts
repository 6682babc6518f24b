import { Logger } from '@nestjs/common';
import { envInt } from '@afya/service-shared';
import { createGatewayApp } from './gateway.app';

async function main(): Promise<void> {
  const app = await createGatewayApp();
  const port = envInt('PORT', 3000);
  await app.listen(port, process.env.HOST ?? '0.0.0.0');
  new Logger('gateway').log(`gateway listening on http://localhost:${port}/api`);
}

void main();
