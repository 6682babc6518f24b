'use strict';
// Who may do what on the bus (issue 14 section 1): one NATS user per deployable, with subject permissions.
// This file is the one description; infra/nats/authorization.js renders it as nats-server's `authorization`
// block for every place a nats-server runs: `npm start` (infra/local/nats.js), every jest run
// (infra/nats/test-server/global-setup.js), the browser journeys and reliability suites, and the cluster
// (k8s/nats/authorization.conf, written by infra/nats/render-k8s.js). bus-users.spec.ts checks it against the code:
// the services' contracts (event types, request patterns), their durable consumers and the k8s Deployments.
//
// Subject naming (BRIEF): request subjects `<ns>.<service>.…`, events `<ns>.events.<service>.…`, dead letters
// `<ns>.dlq.<service>.…`; the first token after the namespace (or after `events`/`dlq`) is the owning service.
// Permissions are wildcards under that token, so versioned subjects (`appointment.created.v1`) stay covered.

/** The services: each answers `<ns>.<name>.>` (its queue group) and is the only one that does. */
const SERVICES = {
  auth: {
    // Durable JetStream consumers this service reads the event stream through (EventConsumer.consume(name)).
    consumers: ['auth-appointment-counts'],
    // Large bytes through the JetStream object store (rpc/binary-transfer.ts): profile pictures.
    blobs: true,
    // Core-NATS broadcasts it sends: token and session revocations, heard by every gateway replica.
    broadcasts: ['auth'],
    // A forgotten password's link or code goes out through the support service (password-reset/reset-request-queue.ts).
    // Three wrong USSD PINs: the lock's SMS goes out through the support service too (ussd-pin/ussd-pin.service.ts).
    calls: ['support.v1.notifications.password-reset', 'support.v1.notifications.ussd-locked'],
  },
  appointment: {
    consumers: ['appointment-users', 'appointment-payments'],
    // Family care: may the caller book for, or read the records of, this member? (family/family-access.ts)
    calls: ['auth.v1.family.access'],
  },
  payment: {
    consumers: ['payment-appointments', 'payment-users'],
    blobs: true, // receipts (PDF)
    // Requests to another service: the appointment a payment is for comes from its owner (appointment-reader.ts).
    calls: ['appointment.v1.get'],
  },
  prescription: {
    consumers: ['prescription-appointments', 'prescription-users', 'prescription-audit', 'prescription-support-audit', 'prescription-report-exports'],
    blobs: true, // prescription PDFs
    calls: ['appointment.v1.get', 'auth.v1.family.access'], // appointment.get: a fresh visit; family.access: family/family-access.ts
  },
  support: {
    consumers: ['support-users', 'support-appointments', 'support-messages-appointments', 'support-messages-waitlist', 'support-messages-payments', 'support-messages-vital-alerts', 'support-family-links'],
    blobs: true, // receipts (PDF) received from the payment service
    // The payment confirmation's email carries the receipt the payment service renders (payment-receipts.ts).
    calls: ['payment.v1.receipt'],
  },
  reporting: {
    consumers: ['reporting-read-models'],
  },
};

/** The gateway: the only caller of service request subjects; hears revocations and support's ticket events live. */
const GATEWAY = {
  blobs: true,
  hearsBroadcasts: ['auth'],
  // ticket-events.hub.ts: core-NATS subscription to the ticket events, pushed to browsers over SSE.
  hearsEventsOf: ['support'],
  // Gateway-to-gateway relays on `<ns>.relay.<name>.>` (core NATS; no service publishes or hears them):
  // video-relay.hub.ts passes a video visit's signalling (SDP, ICE candidates, presence) between replicas.
  relays: ['video'],
};

/** Password environment variable of a bus user, e.g. NATS_PASSWORD_APPOINTMENT (the nats-server reads it). */
function passwordVariable(user) {
  return `NATS_PASSWORD_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Inbox prefix of a user's connections: its replies and JetStream deliveries arrive there, and only it may listen. */
function inboxPrefix(user) {
  return `_INBOX_${user}`;
}

/**
 * JetStream names as services/shared derives them from the namespace (event-stream.ts, binary-transfer.ts).
 * For the namespace `*` (a test server shared by many per-file namespaces) every derived name is `*`.
 */
function jetStreamNames(namespace) {
  if (namespace === '*') return { events: '*', deadLetters: '*', blobBucket: '*', blobStream: '*' };
  const token = namespace.replace(/[^A-Za-z0-9_-]/g, '_');
  const events = `${token.toUpperCase()}_EVENTS`;
  return { events, deadLetters: `${events}_DLQ`, blobBucket: `${token}_blobs`, blobStream: `OBJ_${token}_blobs` };
}

function blobPermissions(names) {
  const s = names.blobStream;
  return [
    '$JS.API.STREAM.NAMES', // the object store looks its stream up by subject
    ...['STREAM.INFO', 'STREAM.CREATE', 'STREAM.MSG.GET', 'STREAM.PURGE'].map((api) => `$JS.API.${api}.${s}`),
    `$JS.API.DIRECT.GET.${s}`,
    `$JS.API.DIRECT.GET.${s}.>`,
    `$JS.API.CONSUMER.CREATE.${s}`,
    ...['CREATE', 'DELETE', 'INFO', 'MSG.NEXT'].map((api) => `$JS.API.CONSUMER.${api}.${s}.>`),
    `$JS.FC.${s}.>`,
    `$JS.ACK.${s}.>`,
    `$O.${names.blobBucket}.>`,
  ];
}

/**
 * A durable consumer on the event stream, by its own name only (on any stream: stream names are declared by config).
 * Delete too: EventConsumer creates a durable again when its filter changes, and reporting's rebuild-cli.ts starts over.
 */
function consumerPermissions(durable) {
  return [
    `$JS.API.CONSUMER.CREATE.*.${durable}`,
    `$JS.API.CONSUMER.CREATE.*.${durable}.>`, // nats-server 2.9 puts the filter subject in the API subject
    `$JS.API.CONSUMER.DURABLE.CREATE.*.${durable}`,
    `$JS.API.CONSUMER.INFO.*.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.*.${durable}`,
    `$JS.API.CONSUMER.DELETE.*.${durable}`,
    `$JS.ACK.*.${durable}.>`,
  ];
}

/**
 * Every bus user and its permissions for one namespace: `afya` in production and `npm start`, a journey's bus
 * (`e2e`), or `*` for the test server that every jest file shares with its own random namespace (test-environment.ts).
 * `testAdmin` adds `test-admin` (everything), for test code that sets the bus up directly; never in a real config.
 * @returns {{user: string, passwordVariable: string, inboxPrefix: string, publish: string[], subscribe: string[], allowResponses: boolean, purpose: string}[]}
 */
function busUsers({ namespace, testAdmin = false }) {
  if (!/^(\*|[A-Za-z0-9_-]+)$/.test(namespace)) throw new Error(`bus namespace must be one token or "*": "${namespace}"`);
  const ns = namespace;
  const names = jetStreamNames(ns);
  const user = (name, purpose, { publish, subscribe, allowResponses = false }) => ({
    user: name,
    passwordVariable: passwordVariable(name),
    inboxPrefix: inboxPrefix(name),
    purpose,
    publish: [...new Set(publish)],
    subscribe: [...new Set([`${inboxPrefix(name)}.>`, ...subscribe])],
    allowResponses,
  });
  // Services only check that the declared streams exist (events/streams.ts requireStreams); `streams apply` (ops) creates them.
  const eventStreamAccess = ['$JS.API.INFO', '$JS.API.STREAM.INFO.*'];

  const users = [
    user('gateway', 'the API gateway: the only caller of the services', {
      publish: [
        ...Object.keys(SERVICES).map((service) => `${ns}.${service}.>`),
        ...(GATEWAY.blobs ? ['$JS.API.INFO', ...blobPermissions(names)] : []),
        ...GATEWAY.relays.map((relay) => `${ns}.relay.${relay}.>`),
      ],
      subscribe: [
        ...GATEWAY.hearsBroadcasts.map((from) => `${ns}.broadcast.${from}.>`),
        ...GATEWAY.hearsEventsOf.map((service) => `${ns}.events.${service}.>`),
        ...GATEWAY.relays.map((relay) => `${ns}.relay.${relay}.>`),
      ],
    }),
    ...Object.entries(SERVICES).map(([service, uses]) =>
      user(service, `the ${service} service`, {
        publish: [
          `${ns}.events.${service}.>`,
          `${ns}.dlq.${service}.>`,
          ...eventStreamAccess,
          ...uses.consumers.flatMap((durable) => consumerPermissions(durable.replace(/[^A-Za-z0-9_-]/g, '_'))),
          ...(uses.blobs ? blobPermissions(names) : []),
          ...(uses.broadcasts ?? []).map((from) => `${ns}.broadcast.${from}.>`),
          ...(uses.calls ?? []).map((pattern) => `${ns}.${pattern}`),
        ],
        subscribe: [`${ns}.${service}.>`],
        allowResponses: true,
      }),
    ),
    // Operators and ops jobs that manage streams (declaring streams, replaying dead letters, `nats stream ls`):
    // the JetStream API and the event/dead-letter subjects, no service request subject. No pod gets it by default.
    user('ops', 'stream administration (ops jobs, operators)', {
      publish: ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>', `${ns}.events.>`, `${ns}.dlq.>`],
      subscribe: [],
    }),
  ];
  if (testAdmin) {
    users.push(user('test-admin', 'test code that sets the bus up directly (tests only)', { publish: ['>'], subscribe: ['>'], allowResponses: true }));
  }
  return users;
}

/** The deployables that get a NATS user, in k8s order: the gateway, then the services. */
const DEPLOYABLES = ['gateway', ...Object.keys(SERVICES)];

module.exports = { SERVICES, GATEWAY, DEPLOYABLES, busUsers, passwordVariable, inboxPrefix, jetStreamNames };
