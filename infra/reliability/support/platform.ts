// A whole platform for a reliability suite, from the built dist, on its own port, database and bus
// (infra/local/platform.js, as `npm start` runs it), or an already running one at RELIABILITY_BASE_URL.
import path from 'node:path';
import { Client } from 'pg';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../../local/platform');

export interface RunningPlatform {
  url: string;
  databaseUrl: string;
  processes?: { children: { name: string; pid?: number; restarts?: number; exited: unknown }[] };
  stop(): Promise<void>;
}

export async function recreateDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startReliabilityPlatform(options: { port: number; database: string; bus: string; adminDatabaseUrl?: string; natsUrl?: string; env?: Record<string, string> }): Promise<RunningPlatform> {
  if (process.env.RELIABILITY_BASE_URL) {
    return { url: process.env.RELIABILITY_BASE_URL, databaseUrl: process.env.RELIABILITY_DATABASE_URL ?? '', stop: async () => undefined };
  }
  const adminUrl = options.adminDatabaseUrl ?? process.env.RELIABILITY_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseUrl = await recreateDatabase(adminUrl, options.database);
  const platform = await startPlatform({
    port: options.port,
    quiet: process.env.RELIABILITY_VERBOSE !== '1',
    localDir: path.resolve(__dirname, `../../../.local/${options.bus}`),
    env: {
      DARAJA_SANDBOX_DELAY_MS: '500',
      ...process.env,
      ...options.env,
      DATABASE_URL: databaseUrl,
      AFYA_BUS: options.bus,
      NATS_URL: options.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    },
  });
  return { url: platform.url.replace('localhost', '127.0.0.1'), databaseUrl, processes: platform.processes, stop: () => platform.stop() };
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}
