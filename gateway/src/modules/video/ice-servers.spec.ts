import { iceConfigFromEnv, iceServersFor, turnCredentials } from './ice-servers';

describe('ICE servers of a video visit', () => {
  it('signs TURN credentials the TURN REST API way: <expiry>:<who>, base64 HMAC-SHA1 of the shared secret', () => {
    // The credential computed independently: printf '1796107200:visit-42' | openssl dgst -sha1 -hmac 'north-star' -binary | base64
    expect(turnCredentials('north-star', 'visit-42', new Date('2026-12-01T06:40:00Z'))).toEqual({
      username: '1796107200:visit-42',
      credential: 'oEx2Euc6u3VvO5+hGXUUZDddQg4=',
    });
  });

  it('needs no ICE server locally, and reads STUN and TURN from the environment', () => {
    expect(iceServersFor(iceConfigFromEnv({}), 42, new Date())).toEqual([]);
    const config = iceConfigFromEnv({
      VIDEO_STUN_URLS: 'stun:turn.afya.example:3478',
      VIDEO_TURN_URLS: 'turn:turn.afya.example:3478?transport=udp, turns:turn.afya.example:5349?transport=tcp',
      VIDEO_TURN_SECRET: 'north-star',
    });
    const closesAt = new Date('2026-12-01T06:30:00Z');
    const [stun, turn] = iceServersFor(config, 42, closesAt);
    expect(stun).toEqual({ urls: ['stun:turn.afya.example:3478'] });
    expect(turn.urls).toEqual(['turn:turn.afya.example:3478?transport=udp', 'turns:turn.afya.example:5349?transport=tcp']);
    expect(turn.username).toBe(`${closesAt.getTime() / 1000}:visit-42`);
    expect(turn.credential).toBe(turnCredentials('north-star', 'visit-42', closesAt).credential);
  });

  it('refuses a TURN server without its secret, and URLs of the wrong scheme', () => {
    expect(() => iceConfigFromEnv({ VIDEO_TURN_URLS: 'turn:turn.afya.example:3478' })).toThrow('VIDEO_TURN_SECRET');
    expect(() => iceConfigFromEnv({ VIDEO_STUN_URLS: 'https://stun.example' })).toThrow('not a stun: URL');
    expect(() => iceConfigFromEnv({ VIDEO_TURN_URLS: 'stun:x', VIDEO_TURN_SECRET: 's' })).toThrow('not a turn: or turns: URL');
  });
});
