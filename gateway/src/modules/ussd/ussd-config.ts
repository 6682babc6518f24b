import { timingSafeEqual } from 'node:crypto';

/** A service code as the networks route it: `*384*42#`. */
export const USSD_SERVICE_CODE_PATTERN = /^\*\d+(\*\d+)*#$/;
/** The secret path segment of the callback URL registered with Africa's Talking: long, random, URL-safe. */
export const USSD_CALLBACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/** Why the USSD settings cannot be used ([] when they can): both are required, with no default, as for every provider. */
export function ussdConfigProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (!env.USSD_CALLBACK_TOKEN) problems.push('USSD_CALLBACK_TOKEN is required (no default: the secret in the callback URL given to Africa\'s Talking)');
  else if (!USSD_CALLBACK_TOKEN_PATTERN.test(env.USSD_CALLBACK_TOKEN)) problems.push('USSD_CALLBACK_TOKEN must be 32-128 random URL-safe characters (A-Z, a-z, 0-9, _ and -)');
  if (!env.USSD_SERVICE_CODE) problems.push('USSD_SERVICE_CODE is required (the code patients dial, e.g. *384*42#)');
  else if (!USSD_SERVICE_CODE_PATTERN.test(env.USSD_SERVICE_CODE)) problems.push('USSD_SERVICE_CODE must look like *384*42#');
  return problems;
}

/**
 * The USSD callback's settings (issue 42), read when the gateway is built: without them it refuses to start (the local
 * runner and the tests pass the USSD simulator's own, infra/sandboxes/ussd-simulator.js).
 */
export class UssdConfig {
  readonly serviceCode: string;
  private readonly token: Buffer;

  constructor(env: Record<string, string | undefined> = process.env) {
    const problems = ussdConfigProblems(env);
    if (problems.length) throw new Error(`Refusing to start without the USSD settings: ${problems.join('; ')}`);
    this.serviceCode = env.USSD_SERVICE_CODE!;
    this.token = Buffer.from(env.USSD_CALLBACK_TOKEN!);
  }

  tokenMatches(given: unknown): boolean {
    const candidate = Buffer.from(typeof given === 'string' ? given : '');
    return candidate.length === this.token.length && timingSafeEqual(candidate, this.token);
  }
}
