import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { activeTracer, startTracing } from './tracing';

/** Tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT (or a test's exporter) is given; on, spans leave over OTLP/HTTP. */
describe('startTracing', () => {
  let server: Server;
  let received: Array<{ method?: string; url?: string; contentType?: string; bytes: number }>;
  let endpoint: string;

  beforeAll(async () => {
    received = [];
    server = createServer((request: IncomingMessage, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        received.push({ method: request.method, url: request.url, contentType: request.headers['content-type'], bytes });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('stays off without an endpoint: no tracer, nothing started', async () => {
    const previous = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    try {
      expect(await startTracing({ serviceName: 'afya-test' })).toBeNull();
      expect(activeTracer()).toBeUndefined();
    } finally {
      if (previous !== undefined) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = previous;
    }
  });

  it('exports spans to <endpoint>/v1/traces over OTLP/HTTP when an endpoint is set, and stops on shutdown', async () => {
    const tracing = (await startTracing({ serviceName: 'afya-test', endpoint }))!;
    try {
      const span = activeTracer()!.startSpan('appointment.book');
      span.end();
      await tracing.flush();
      expect(received).toEqual([expect.objectContaining({ method: 'POST', url: '/v1/traces' })]);
      expect(received[0].bytes).toBeGreaterThan(0);
    } finally {
      await tracing.shutdown();
    }
    expect(activeTracer()).toBeUndefined();
  });
});
