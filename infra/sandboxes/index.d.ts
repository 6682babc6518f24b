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
  state: { delayMs: number; sendCallbacks: boolean; tokenTtlSeconds: number; tokensIssued: number; statusQueries: { receipt: string; OriginatorConversationID: string; ConversationID: string }[] };
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
}
export interface Sandboxes {
  env: Record<string, string>;
  /** This run's random credentials (also in env under the payment service's names). */
  credentials: SandboxCredentials;
  stripe: StripeSandbox;
  daraja: DarajaSandbox;
  describe: string;
  close(): Promise<void>;
}
export declare function startSandboxes(options: {
  gatewayUrl: string;
  stripePort?: number;
  darajaPort?: number;
  darajaDelayMs?: number;
  log?: (line: string) => void;
}): Promise<Sandboxes>;
export declare function sandboxCredentials(): Readonly<SandboxCredentials>;
export declare function signPayload(payload: string, secret: string, timestamp?: number): string;
export declare function provideSandboxes(options: { env?: Record<string, string | undefined>; gatewayUrl: string; log?: (line: string) => void }): Promise<Sandboxes | null>;
