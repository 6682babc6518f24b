import { readFileSync } from 'node:fs';

/**
 * How a deployable proves who it is to NATS (issue 14 section 1): the nats-server only lets in the users of
 * infra/nats/bus-users.js, each limited to its own subjects.
 * - NATS_USER / NATS_PASSWORD: the deployable's own user (its k8s Secret; `npm start` passes each process its own).
 * - AFYA_NATS_USERS_FILE: a JSON file `{users: {<deployable>: {user, password}}}` for a process that runs several
 *   deployables at once (the in-process test platform); a name that is not a deployable there (a test's own
 *   connection) takes the file's `test-admin`, which only the generated test config has.
 * - neither: no credentials (a server without authorization).
 * TLS when NATS_TLS_CA is set (plus NATS_TLS_CERT / NATS_TLS_KEY for a client certificate).
 * Replies and JetStream deliveries arrive on `_INBOX_<user>.…`, the only inbox the user may subscribe to, so
 * one deployable cannot read another's replies.
 */
export interface NatsCredentialOptions {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
  tls?: { caFile: string; certFile?: string; keyFile?: string };
}

interface UsersFile {
  users?: Record<string, { user: string; password: string } | undefined>;
}

const TEST_ADMIN = 'test-admin';

function credentialsFor(deployable: string | undefined, env: NodeJS.ProcessEnv): { user: string; password: string } | null {
  if (env.NATS_USER) return { user: env.NATS_USER, password: env.NATS_PASSWORD ?? '' };
  if (!env.AFYA_NATS_USERS_FILE) return null;
  const { users = {} } = JSON.parse(readFileSync(env.AFYA_NATS_USERS_FILE, 'utf8')) as UsersFile;
  return (deployable ? users[deployable] : undefined) ?? users[TEST_ADMIN] ?? null;
}

/** nats.js connection options (user, pass, inboxPrefix, tls) for a deployable, from the environment. */
export function natsCredentialOptions(deployable?: string, env: NodeJS.ProcessEnv = process.env): NatsCredentialOptions {
  const options: NatsCredentialOptions = {};
  const credentials = credentialsFor(deployable, env);
  if (credentials) {
    options.user = credentials.user;
    options.pass = credentials.password;
    options.inboxPrefix = `_INBOX_${credentials.user}`;
  }
  if (env.NATS_TLS_CA) {
    options.tls = { caFile: env.NATS_TLS_CA, ...(env.NATS_TLS_CERT ? { certFile: env.NATS_TLS_CERT } : {}), ...(env.NATS_TLS_KEY ? { keyFile: env.NATS_TLS_KEY } : {}) };
  }
  return options;
}
