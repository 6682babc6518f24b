import { env, envInt } from '@afya/service-shared';
import { assertProviderSecrets } from '../contracts';
import { originOf } from './rules/payment-rules';

/**
 * Where the providers are and how we authenticate to them. The same code talks to api.stripe.com and
 * api.safaricom.co.ke in production and to infra/sandboxes locally: only these settings differ (the local
 * runner and the tests pass the sandboxes' addresses and that run's random credentials). No "if sandbox" branch,
 * and no default for any secret: without them the service does not start.
 */
export interface PaymentConfig {
  stripe: { apiBase: string; secretKey: string; webhookSecret: string };
  daraja: {
    baseUrl: string;
    consumerKey: string;
    consumerSecret: string;
    shortcode: string;
    passkey: string;
    /** The API operator (initiator) and its security credential, for the Transaction Status query that confirms a receipt. */
    initiatorName: string;
    securityCredential: string;
  };
  /** The secret path segment of POST /api/mpesa/callback/:token, and the public base URL Safaricom calls. */
  mpesaCallbackToken: string;
  mpesaCallbackBaseUrl: string;
  /** Where the browser comes back to after Stripe Checkout (success_url / cancel_url) by default. */
  publicAppUrl: string;
  /**
   * Origins a payment may be asked from and return to (PAYMENT_RETURN_ORIGINS, comma-separated): a client served
   * from one of them comes back there. Default: the platform's own origin only.
   */
  returnOrigins: string[];
  /** Pushes older than this without a callback are queried by the reconciliation job. */
  reconcileAfterMs: number;
  reconcileEveryMs: number;
  /**
   * A push the patient is watching (the payment dialog polls its status) whose callback is this late is asked of
   * Daraja from the status call, at most once per statusQueryEveryMs: a lost callback keeps the patient waiting
   * seconds, not until the job's next turn.
   */
  statusQueryAfterMs: number;
  statusQueryEveryMs: number;
}

export function readPaymentConfig(): PaymentConfig {
  // Fail closed: no provider secret has a default (contracts/provider-secrets.ts).
  assertProviderSecrets(process.env);
  return {
    stripe: {
      apiBase: env('STRIPE_API_BASE', 'https://api.stripe.com'),
      secretKey: env('STRIPE_SECRET_KEY'),
      webhookSecret: env('STRIPE_WEBHOOK_SECRET'),
    },
    daraja: {
      baseUrl: env('DARAJA_BASE_URL', 'https://sandbox.safaricom.co.ke').replace(/\/$/, ''),
      consumerKey: env('DARAJA_CONSUMER_KEY'),
      consumerSecret: env('DARAJA_CONSUMER_SECRET'),
      shortcode: env('DARAJA_SHORTCODE', '174379'),
      passkey: env('DARAJA_PASSKEY'),
      initiatorName: env('DARAJA_INITIATOR_NAME'),
      securityCredential: env('DARAJA_SECURITY_CREDENTIAL'),
    },
    mpesaCallbackToken: env('MPESA_CALLBACK_TOKEN'),
    mpesaCallbackBaseUrl: env('MPESA_CALLBACK_BASE_URL', 'http://localhost:3000').replace(/\/$/, ''),
    publicAppUrl: env('PUBLIC_APP_URL', 'http://localhost:3000').replace(/\/$/, ''),
    returnOrigins: returnOrigins(env('PAYMENT_RETURN_ORIGINS', ''), env('PUBLIC_APP_URL', 'http://localhost:3000')),
    reconcileAfterMs: envInt('MPESA_RECONCILE_AFTER_MS', 120_000),
    reconcileEveryMs: envInt('MPESA_RECONCILE_EVERY_MS', 30_000),
    statusQueryAfterMs: envInt('MPESA_STATUS_QUERY_AFTER_MS', 15_000),
    statusQueryEveryMs: envInt('MPESA_STATUS_QUERY_EVERY_MS', 5_000),
  };
}

/** The allow-list of return origins: those listed, and always the platform's own. */
export function returnOrigins(listed: string, publicAppUrl: string): string[] {
  const origins = [publicAppUrl, ...listed.split(',')].map((entry) => originOf(entry.trim())).filter((o): o is string => !!o);
  return [...new Set(origins)];
}

export const PAYMENT_CONFIG = Symbol('PAYMENT_CONFIG');
