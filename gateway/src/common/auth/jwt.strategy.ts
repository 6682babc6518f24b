import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenClaims } from '@afya/auth-service/contracts';
import type { AuthenticatedUser } from './caller';
import { KeyStore } from './key-store';
import { RevocationStore } from './revocation-store';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

const extractToken = ExtractJwt.fromAuthHeaderAsBearerToken();
const MAX_CACHED_TOKENS = 10_000;

/**
 * Verifies RS256 tokens signed by the auth service: signature, expiry, then revocation.
 * A token whose signature this replica has already verified is not verified again until it expires
 * (an RSA check is the largest part of the gateway's work per call); revocation is checked on every call.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    keys: KeyStore,
    private readonly revocations: RevocationStore,
  ) {
    super({
      jwtFromRequest: extractToken,
      ignoreExpiration: false,
      algorithms: ['RS256'],
      passReqToCallback: true,
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (error: unknown, key?: string | Buffer) => void) => {
        // passport-jwt's types want a PEM string; jsonwebtoken verifies faster with a KeyObject.
        keys.keyFor(rawJwt).then(
          (key) => done(null, key as unknown as Buffer),
          (error) => done(error),
        );
      },
    });
  }

  /** Passport's entry point: a cached, unexpired token skips the signature check. */
  override authenticate(request: Parameters<Strategy['authenticate']>[0], options?: object): void {
    const token = extractToken(request);
    const claims = token ? this.verified.get(token) : undefined;
    if (!claims || claims.exp * 1000 <= Date.now()) {
      if (claims) this.verified.delete(token!);
      super.authenticate(request, options);
      return;
    }
    const strategy = this as unknown as { success(user: unknown): void; error(error: unknown): void };
    this.principalFor(claims).then(
      (user) => strategy.success(user),
      (error) => strategy.error(error),
    );
  }

  /** Called by passport-jwt after a successful signature and expiry check. */
  async validate(request: Parameters<typeof extractToken>[0], claims: AccessTokenClaims): Promise<AuthenticatedUser> {
    const user = await this.principalFor(claims);
    const token = extractToken(request);
    if (token) {
      if (this.verified.size >= MAX_CACHED_TOKENS) this.verified.clear();
      this.verified.set(token, claims);
    }
    return user;
  }

  private async principalFor(claims: AccessTokenClaims): Promise<AuthenticatedUser> {
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
