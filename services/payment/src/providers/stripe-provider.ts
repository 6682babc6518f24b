import Stripe from 'stripe';
import type { PaymentConfig } from '../payment.config';

/** The official SDK pointed at STRIPE_API_BASE (api.stripe.com in production, the sandbox locally). */
export function createStripeClient(config: PaymentConfig['stripe']): Stripe {
  const base = new URL(config.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
}

export type StripeClient = Stripe;
export type StripeEvent = Stripe.Event;
export type CheckoutSession = Stripe.Checkout.Session;
