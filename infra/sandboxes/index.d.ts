/** Types of the provider sandboxes (index.js) for TypeScript tests. */
export interface StripeSandbox {
  port: number;
  url: string;
  sessions: Map<string, Record<string, unknown> & { amount_total: number; metadata: Record<string, string>; payment_status: string }>;
  /** Every event sent (or that would have been sent), oldest first. */
  deliveries: { id: string; type: string; data: { object: Record<string, unknown> & { id: string } } }[];
  setWebhookUrl(url: string | null): void;
  sendEvent(type: string, object: unknown): Promise<unknown>;
  close(): Promise<void>;
}
export interface DarajaSandbox {
  port: number;
  url: string;
  pushes: Map<string, { checkoutRequestId: string; merchantRequestId: string; amount: number; phone: string; resultCode: string; receipt: string; done: boolean; callbackUrl: string; paidAt?: number }>;
  /** Transaction status queries received (the receipt asked about and the ids Daraja answered with). */
  state: { delayMs: number; sendCallbacks: boolean; tokenTtlSeconds: number; tokensIssued: number; statusQueries: { receipt: string; originalConversationId: string; OriginatorConversationID: string; ConversationID: string }[] };
  close(): Promise<void>;
}
export interface SandboxCredentials {
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  darajaConsumerKey: string;
  darajaConsumerSecret: string;
  darajaShortcode: string;
  darajaPasskey: string;
  darajaInitiatorName: string;
  darajaSecurityCredential: string;
  mpesaCallbackToken: string;
  africasTalkingUsername: string;
  africasTalkingApiKey: string;
  smsDeliveryReportToken: string;
  ussdCallbackToken: string;
  ussdServiceCode: string;
}
export interface SmsSandboxMessage {
  messageId: string;
  to: string;
  from: string;
  message: string;
  parts: number;
  status: 'Sent' | 'Success' | 'Failed';
  failureReason: string | null;
  sentAt: string;
  reports: Record<string, string | number | null>[];
}
export interface SmsSandbox {
  port: number;
  url: string;
  /** Every message accepted, oldest first. */
  messages: SmsSandboxMessage[];
  state: { outage: boolean; latencyMs: number; delayMs: number; deliveryReportUrl: string | null };
  setDeliveryReportUrl(url: string | null): void;
  close(): Promise<void>;
}
/** One USSD session as the simulator played it (infra/sandboxes/ussd-simulator.js). */
export interface UssdSimulatorSession {
  sessionId: string;
  phoneNumber: string;
  serviceCode: string;
  networkCode: string;
  /** Every key so far, joined by '*', as the callback received it. */
  text: string;
  /** What the phone shows now (without CON / END). */
  screen: string;
  ended: boolean;
  startedAt: string;
  steps: { text: string; status: number | null; reply: string | null; error?: string; ms: number }[];
}
export interface UssdSimulator {
  port: number;
  url: string;
  serviceCode: string;
  sessions: Map<string, UssdSimulatorSession>;
  state: { callbackUrl: string | null; serviceCode: string; timeoutMs: number };
  setCallbackUrl(url: string | null): void;
  close(): Promise<void>;
}
/** An email as MailDev's API lists it (GET /api/email). */
export interface InboxEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  headers: Record<string, string>;
  attachments?: { filename: string; contentType: string; generatedFileName: string; size: number }[];
}
export interface MailInbox {
  smtpUrl: string;
  webUrl: string;
  pid: number;
  emails(): Promise<InboxEmail[]>;
  clear(): Promise<void>;
  close(): Promise<void>;
}
export interface Sandboxes {
  env: Record<string, string>;
  /** This run's random credentials (also in env under the payment service's names). */
  credentials: SandboxCredentials;
  stripe: StripeSandbox;
  daraja: DarajaSandbox;
  sms: SmsSandbox;
  ussd: UssdSimulator;
  describe: string;
  close(): Promise<void>;
}
export declare function startSandboxes(options: {
  gatewayUrl: string;
  stripePort?: number;
  darajaPort?: number;
  darajaDelayMs?: number;
  smsPort?: number;
  smsReportDelayMs?: number;
  ussdPort?: number;
  log?: (line: string) => void;
}): Promise<Sandboxes>;
export declare function startUssdSimulator(options: { port?: number; callbackUrl: string | null; serviceCode: string; timeoutMs?: number; log?: (line: string) => void }): Promise<UssdSimulator>;
export declare function sandboxCredentials(): Readonly<SandboxCredentials>;
export declare function startMailInbox(options?: { smtpPort?: number; webPort?: number; timeoutMs?: number }): Promise<MailInbox>;
export declare function provideMailInbox(options?: { env?: Record<string, string | undefined> }): Promise<MailInbox | null>;
export declare function signPayload(payload: string, secret: string, timestamp?: number): string;
export declare function provideSandboxes(options: { env?: Record<string, string | undefined>; gatewayUrl: string; log?: (line: string) => void }): Promise<Sandboxes | null>;
