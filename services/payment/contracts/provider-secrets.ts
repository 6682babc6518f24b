/**
 * The provider secrets the payment service (and, for the callback token, the gateway) cannot run without. There
 * are no defaults: the local runner and the test setups start the provider sandboxes and pass that run's random
 * credentials explicitly; anywhere else a missing or published value stops the process at start-up, as auth does
 * for its signing key. Pure: the gateway reads it too.
 */
export const PROVIDER_SECRET_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DARAJA_CONSUMER_KEY',
  'DARAJA_CONSUMER_SECRET',
  'DARAJA_PASSKEY',
  'DARAJA_INITIATOR_NAME',
  'DARAJA_SECURITY_CREDENTIAL',
  'MPESA_CALLBACK_TOKEN',
] as const;
export type ProviderSecretName = (typeof PROVIDER_SECRET_NAMES)[number];

/** Values that were once defaults in this repository: public, so they authenticate nothing. */
const PUBLISHED_VALUES = new Set([
  'sk_test_afya_sandbox',
  'whsec_afya_sandbox',
  'afya-sandbox-consumer-key',
  'afya-sandbox-consumer-secret',
  'afya-sandbox-callback-token',
]);

/** The callback token is the only thing authenticating Safaricom's callback: long, random, and a plain path segment. */
export const CALLBACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** Why a provider secret cannot be used, or null when it can. */
export function providerSecretProblem(name: ProviderSecretName, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return `${name} is required (no default: set the provider's real value)`;
  if (PUBLISHED_VALUES.has(value)) return `${name} is a published sandbox value: set the provider's real one`;
  if (name === 'MPESA_CALLBACK_TOKEN' && !CALLBACK_TOKEN_PATTERN.test(value)) {
    return 'MPESA_CALLBACK_TOKEN must be 32-128 random URL-safe characters (A-Z, a-z, 0-9, _ and -)';
  }
  if (name === 'STRIPE_WEBHOOK_SECRET' && !value.startsWith('whsec_')) return 'STRIPE_WEBHOOK_SECRET must be the endpoint secret Stripe gave (whsec_…)';
  return null;
}

/** Every problem with the given names' values; [] when all are usable. */
export function providerSecretProblems(env: Record<string, string | undefined>, names: readonly ProviderSecretName[] = PROVIDER_SECRET_NAMES): string[] {
  return names.map((name) => providerSecretProblem(name, env[name])).filter((problem): problem is string => problem !== null);
}

/** Error thrown at start-up; lists every missing secret at once so one deploy fixes them all. */
export function assertProviderSecrets(env: Record<string, string | undefined>, names: readonly ProviderSecretName[] = PROVIDER_SECRET_NAMES): void {
  const problems = providerSecretProblems(env, names);
  if (problems.length) throw new Error(`Refusing to start without the payment providers' secrets: ${problems.join('; ')}`);
}
