/** Reads a setting from the environment, with a default for local runs. */
export function env(name: string, fallback?: string): string {
  const value = process.env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new Error(`Missing required environment variable ${name}`);
}

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const parsed = raw ? Number.parseInt(raw, 10) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

export function databaseUrl(): string {
  return env('DATABASE_URL', DEFAULT_DATABASE_URL);
}

export function natsServers(): string[] {
  return env('NATS_URL', DEFAULT_NATS_URL).split(',').map((s) => s.trim());
}
