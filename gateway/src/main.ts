import { Logger } from '@nestjs/common';
import {
  configureProcessLogger,
  enableMetrics,
  envInt,
  markStarted,
  metricsEnabled,
  PinoNestLogger,
  registerHealthRoutes,
  reportShutdownOnSignals,
  startOpsServer,
  startTracing,
} from '@afya/service-shared';
import { createGatewayApp, listenHost } from './gateway.app';

async function main(): Promise<void> {
  // One JSON line per event from the first line on (services/shared logging): Nest's Logger calls included.
  configureProcessLogger({ service: 'gateway' });
  Logger.overrideLogger(new PinoNestLogger());
  // The ops port (OPS_PORT: /health/live, /health/ready, /metrics) is up before the app, ready only after it listens.
  registerHealthRoutes();
  reportShutdownOnSignals();
  // Metrics on the ops port's /metrics unless METRICS=off; traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
  if (metricsEnabled()) enableMetrics();
  await startTracing({ serviceName: 'afya-gateway' });
  const ops = await startOpsServer();
  const app = await createGatewayApp();
  const port = envInt('PORT', 3000);
  await app.listen(port, listenHost());
  markStarted();
  new Logger('gateway').log(`gateway listening on http://localhost:${port}/api${ops ? `, ops port ${ops.port}` : ''}`);
}

void main();
