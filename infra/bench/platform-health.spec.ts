// The bench measures a whole platform only (issue 41: in a fresh clone it started services that were never built,
// said "platform up" and failed later with ECONNREFUSED): requireHealthy stops the platform it started and names what
// /api/health answered, or that nothing answered.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const { requireHealthy } = require('./lib') as { requireHealthy(platform: { url: string; stop(): Promise<void> }): Promise<void> };

async function serve(status: number, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the bench's platform check", () => {
  it('passes a platform whose /api/health is 200', async () => {
    const server = await serve(200, '{"status":"ok"}');
    const stop = jest.fn(async () => undefined);
    await expect(requireHealthy({ url: server.url, stop })).resolves.toBeUndefined();
    expect(stop).not.toHaveBeenCalled();
    await server.close();
  });

  it('stops a platform whose health is 503 (a service down) and says what it answered', async () => {
    const server = await serve(503, '{"status":"down","services":{"appointment":{"status":"down"}}}');
    const stop = jest.fn(async () => undefined);
    await expect(requireHealthy({ url: server.url, stop })).rejects.toThrow(`the platform is not healthy at ${server.url}/api/health: 503 {"status":"down","services":{"appointment":{"status":"down"}}}`);
    expect(stop).toHaveBeenCalledTimes(1);
    await server.close();
  });

  it('stops a platform with no gateway answering (nothing built) and says the connection was refused', async () => {
    const server = await serve(200, '');
    const url = server.url;
    await server.close(); // nothing listens there any more
    const stop = jest.fn(async () => undefined);
    await expect(requireHealthy({ url, stop })).rejects.toThrow(/no answer \(ECONNREFUSED\)/);
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
