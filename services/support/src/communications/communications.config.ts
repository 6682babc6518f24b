import { env, envInt } from '@afya/service-shared';

/**
 * Where the message providers are and how we authenticate to them. The same code talks to api.africastalking.com
 * and a real SMTP relay in production and to infra/sandboxes (the SMS sandbox, MailDev) locally: only these
 * settings differ. Outside the sandboxes the credentials come from a Secret (k8s); there is no default for them
 * when NODE_ENV is production.
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

const production = () => process.env.NODE_ENV === 'production';
/** A credential: required in production, the sandbox's development value elsewhere. */
const secret = (name: string, sandboxValue: string) => (production() ? env(name) : env(name, sandboxValue));

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
  const publicAppUrl = env('PUBLIC_APP_URL', 'http://localhost:3000').replace(/\/$/, '');
  return {
    sms: {
      baseUrl: env('AT_BASE_URL', 'https://api.sandbox.africastalking.com').replace(/\/$/, ''),
      username: secret('AT_USERNAME', 'sandbox'),
      apiKey: secret('AT_API_KEY', 'atsk_afya_sandbox'),
      senderId: process.env.AT_SENDER_ID || null,
    },
    smsDeliveryReportToken: secret('SMS_DELIVERY_REPORT_TOKEN', 'afya-sandbox-sms-report-token'),
    smtpUrl: secret('SMTP_URL', 'smtp://127.0.0.1:1025'),
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
