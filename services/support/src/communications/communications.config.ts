import { env, envInt } from '@afya/service-shared';

/**
 * Where the message providers are and how we authenticate to them. The same code talks to api.africastalking.com
 * and a real SMTP relay in production and to infra/sandboxes (the SMS sandbox, MailDev) locally: only these
 * settings differ. No credential has a default, whatever NODE_ENV says: the local runner and the test setups start the
 * sandboxes and pass that run's own values; anywhere else they come from a Secret (k8s), and without them the
 * service refuses to start (readCommunicationsConfig runs when the module is built), as payment does.
 */
export interface CommunicationsConfig {
  sms: { baseUrl: string; username: string; apiKey: string; senderId: string | null };
  /** The secret last path segment of the delivery-report callback URL registered with Africa's Talking. */
  smsDeliveryReportToken: string;
  smtpUrl: string;
  mailFrom: string;
  /** Links in messages point here (the patient's appointments). */
  publicAppUrl: string;
  /** Calendar UIDs end with it: appointment-42@<domain>. */
  calendarDomain: string;
  /** pg-boss: first retry after this many seconds, doubling (with jitter) up to retryLimit tries. */
  retryDelaySeconds: number;
  retryLimit: number;
  /** A job taken by a process that died is given to another after this long. */
  jobExpireSeconds: number;
  /** Jobs fetched and sent together (in parallel) by one worker. */
  batchSize: number;
  pollingIntervalSeconds: number;
  /** Sending turned off (a process that only schedules), e.g. COMMUNICATIONS_SENDER=false. */
  sender: boolean;
}

/** The provider credentials the service cannot send without (SMTP_URL carries the relay's user and password). */
export const MESSAGING_SECRET_NAMES = ['AT_USERNAME', 'AT_API_KEY', 'SMS_DELIVERY_REPORT_TOKEN', 'SMTP_URL'] as const;
export type MessagingSecretName = (typeof MESSAGING_SECRET_NAMES)[number];

/** Values that were once defaults in this repository: public, so they authenticate nothing. */
const PUBLISHED_VALUES = new Set(['atsk_afya_sandbox', 'afya-sandbox-sms-report-token']);

/** The delivery-report token is the only thing authenticating Africa's Talking's callback: long, random, a path segment. */
export const DELIVERY_REPORT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** Why a messaging credential cannot be used, or null when it can. */
export function messagingSecretProblem(name: MessagingSecretName, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return `${name} is required (no default: set the provider's real value)`;
  if (PUBLISHED_VALUES.has(value)) return `${name} is a published sandbox value: set the provider's real one`;
  if (name === 'SMS_DELIVERY_REPORT_TOKEN' && !DELIVERY_REPORT_TOKEN_PATTERN.test(value)) {
    return 'SMS_DELIVERY_REPORT_TOKEN must be 32-128 random URL-safe characters (A-Z, a-z, 0-9, _ and -)';
  }
  if (name === 'SMTP_URL' && !/^smtps?:\/\//.test(value)) return 'SMTP_URL must be an smtp:// or smtps:// URL';
  return null;
}

/** Throws at start-up with every problem at once, so one deploy fixes them all. */
export function assertMessagingSecrets(environment: Record<string, string | undefined>): void {
  const problems = MESSAGING_SECRET_NAMES.map((name) => messagingSecretProblem(name, environment[name])).filter((p): p is string => p !== null);
  if (problems.length) throw new Error(`Refusing to start without the messaging providers' secrets: ${problems.join('; ')}`);
}

export type JobQueueSettings = Pick<CommunicationsConfig, 'retryDelaySeconds' | 'retryLimit' | 'jobExpireSeconds'>;

/** What the job queue itself needs (the migration step has no provider credentials). */
export function readJobQueueSettings(): JobQueueSettings {
  return {
    retryDelaySeconds: envInt('MESSAGE_RETRY_DELAY_SECONDS', 60),
    retryLimit: envInt('MESSAGE_RETRY_LIMIT', 11),
    jobExpireSeconds: envInt('MESSAGE_JOB_EXPIRE_SECONDS', 120),
  };
}

export function readCommunicationsConfig(): CommunicationsConfig {
  // Fail closed: no messaging credential has a default.
  assertMessagingSecrets(process.env);
  const publicAppUrl = env('PUBLIC_APP_URL', 'http://localhost:3000').replace(/\/$/, '');
  return {
    sms: {
      baseUrl: env('AT_BASE_URL', 'https://api.sandbox.africastalking.com').replace(/\/$/, ''),
      username: env('AT_USERNAME'),
      apiKey: env('AT_API_KEY'),
      senderId: process.env.AT_SENDER_ID || null,
    },
    smsDeliveryReportToken: env('SMS_DELIVERY_REPORT_TOKEN'),
    smtpUrl: env('SMTP_URL'),
    mailFrom: env('MAIL_FROM', 'Afya <no-reply@afya.test>'),
    publicAppUrl,
    calendarDomain: env('CALENDAR_DOMAIN', new URL(publicAppUrl).hostname),
    ...readJobQueueSettings(),
    batchSize: envInt('MESSAGE_BATCH_SIZE', 200),
    pollingIntervalSeconds: envInt('MESSAGE_POLL_SECONDS', 2),
    sender: env('COMMUNICATIONS_SENDER', 'true') !== 'false',
  };
}

export const COMMUNICATIONS_CONFIG = Symbol('COMMUNICATIONS_CONFIG');
