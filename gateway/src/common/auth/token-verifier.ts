import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import type { AccessTokenClaims } from '@afya/auth-service/contracts';
import { AUTH_REQUIRED, SESSION_ENDED } from './auth-messages';
import type { AuthenticatedUser } from './caller';
import { KeyStore, kidOf } from './key-store';
import { RevocationStore } from './revocation-store';

/** Verified tokens one gateway replica remembers (~0.5 KB each); the least recently used leave first. */
const MAX_CACHED_TOKENS = 10_000;

/**
 * Verifies RS256 access tokens signed by the auth service: signature and expiry (jsonwebtoken through
 * @nestjs/jwt, with the auth service's public key as a KeyObject from KeyStore), then revocation.
 *
 * A token whose signature this replica has verified is remembered in a bounded LRU, keyed by the token
 * itself, until the token's own `exp`: an RSA check is the largest part of the gateway's work per call.
 * Revocation is checked on every call, cached or not, so a logout takes effect at once; so is the token's key
 * (a Map lookup), so retiring a key after a rotation refuses its cached tokens too.
 */
@Injectable()
export class TokenVerifier {
  private readonly jwt: JwtService;
  /** token → its claims and the kid that verified it */
  private readonly verified = new LRUCache<string, { claims: AccessTokenClaims; kid: string }>({ max: MAX_CACHED_TOKENS });

  constructor(
    private readonly keys: KeyStore,
    private readonly revocations: RevocationStore,
  ) {
    this.jwt = new JwtService({
      // The key is chosen by the token's `kid`; an unknown kid makes KeyStore ask the auth service.
      secretOrKeyProvider: (_requestType, token) => keys.keyFor(String(token)),
      verifyOptions: { algorithms: ['RS256'] },
    });
  }

  /**
   * The caller a token stands for. Rejects with jsonwebtoken's errors (TokenExpiredError, JsonWebTokenError)
   * for a bad token, an UnauthorizedException for a revoked one, and the bus's 503/504 when the auth service
   * cannot be reached for its key or the revocation snapshot.
   */
  async verify(token: string): Promise<AuthenticatedUser> {
    const cached = this.verified.get(token);
    let claims = cached?.claims;
    // A cached token whose key auth has retired since is checked again (and refused: its kid is unknown).
    if (!claims || !this.keys.isPublished(cached!.kid)) {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token);
      // jsonwebtoken accepts a token without `exp` as never expiring: ours always carry one, so one without is refused.
      if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw new UnauthorizedException(AUTH_REQUIRED);
      // jsonwebtoken refuses a token from its `exp` second on: forget it at that moment too.
      const ttl = claims.exp * 1000 - Date.now();
      if (ttl > 0) this.verified.set(token, { claims, kid: kidOf(token) }, { ttl });
    }
    await this.revocations.ready();
    if (this.revocations.isRevoked(claims)) throw new UnauthorizedException(SESSION_ENDED);
    return {
      userId: Number(claims.sub),
      role: claims.role,
      jti: claims.jti,
      exp: claims.exp,
      sv: claims.sv ?? 0,
      mustChangePassword: claims.mcp === true,
    };
  }
}
