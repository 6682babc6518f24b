import { createHmac } from 'node:crypto';
import type { IceServer } from '@afya/appointment-service/contracts';

/**
 * Where browsers find STUN and TURN (issue 26), from the environment:
 * - VIDEO_STUN_URLS: comma-separated `stun:` URLs (none: the browsers use only their own addresses, which is all
 *   two browsers on one machine or one LAN need: `npm start` sets nothing);
 * - VIDEO_TURN_URLS: comma-separated `turn:`/`turns:` URLs of our coturn, and VIDEO_TURN_SECRET, the secret coturn
 *   shares (`static-auth-secret`): both or neither.
 */
export interface IceConfig {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | null;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

export function iceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): IceConfig {
  const stunUrls = list(env.VIDEO_STUN_URLS);
  const turnUrls = list(env.VIDEO_TURN_URLS);
  const turnSecret = env.VIDEO_TURN_SECRET?.trim() || null;
  for (const url of stunUrls) if (!/^stuns?:/.test(url)) throw new Error(`VIDEO_STUN_URLS: "${url}" is not a stun: URL`);
  for (const url of turnUrls) if (!/^turns?:/.test(url)) throw new Error(`VIDEO_TURN_URLS: "${url}" is not a turn: or turns: URL`);
  if (turnUrls.length && !turnSecret) throw new Error('VIDEO_TURN_URLS needs VIDEO_TURN_SECRET (the secret coturn shares)');
  return { stunUrls, turnUrls, turnSecret };
}

/**
 * TURN REST API credentials (draft-uberti-behave-turn-rest, what coturn checks with `use-auth-secret`): the username
 * is `<expiry, Unix seconds>:<who>`, the credential base64(HMAC-SHA1(shared secret, username)). coturn refuses the
 * username once its expiry has passed, so nothing has to be revoked: these expire when the visit's window closes.
 */
export function turnCredentials(secret: string, who: string, expiresAt: Date): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${who}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/** The ICE servers of one visit: STUN as configured, TURN with credentials for this visit until its window closes. */
export function iceServersFor(config: IceConfig, appointmentId: number, closesAt: Date): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length && config.turnSecret) {
    servers.push({ urls: config.turnUrls, ...turnCredentials(config.turnSecret, `visit-${appointmentId}`, closesAt) });
  }
  return servers;
}
