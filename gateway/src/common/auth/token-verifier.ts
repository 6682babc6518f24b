import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import type { AccessTokenClaims } from '@afya/auth-service/contracts';
import { SESSION_ENDED } from './auth-messages';
import type { AuthenticatedUser } from './caller';
import { KeyStore } from './key-store';
import { RevocationStore } from './revocation-store';

/** Verified tokens one gateway replica remembers (~0.5 KB each); the least recently used leave first. */
const MAX_CACHED_TOKENS = 10_000;

/**
 * Verifies RS256 access tokens signed by the auth service: signature and expiry (jsonwebtoken through
 * @nestjs/jwt, with the auth service's public key as a KeyObject from KeyStore), then revocation.
 *
 * A token whose signature this replica has verified is remembered in a bounded LRU, keyed by the token
 * itself, until the token's own `exp`: an RSA check is the largest part of the gateway's work per call.
 * Revocation is checked on every call, cached or not, so a logout takes effect at once.
 */
@Injectable()
export class TokenVerifier {
  private readonly jwt: JwtService;
  private readonly verified = new LRUCache<string, AccessTokenClaims>({ max: MAX_CACHED_TOKENS });

  constructor(
    keys: KeyStore,
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
    let claims = this.verified.get(token);
    if (!claims) {
      claims = await this.jwt.verifyAsync<AccessTokenClaims>(token);
      // jsonwebtoken refuses a token from its `exp` second on: forget it at that moment too.
      const ttl = claims.exp * 1000 - Date.now();
      if (ttl > 0) this.verified.set(token, claims, { ttl });
    }
    await this.revocations.ready();
    if (this.revocations.isRevoked(claims)) throw new UnauthorizedException(SESSION_ENDED);
    return {
      userId: Number(claims.sub),
      role: claims.role,
      jti: claims.jti,
      exp: claims.exp,
      mustChangePassword: claims.mcp === true,
    };
  }
}
