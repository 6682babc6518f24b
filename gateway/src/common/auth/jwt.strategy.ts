import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AccessTokenClaims } from '@afya/auth-service/contracts';
import type { AuthenticatedUser } from './caller';
import { KeyStore } from './key-store';
import { RevocationStore } from './revocation-store';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Verifies RS256 tokens signed by the auth service: signature, expiry, then revocation. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    keys: KeyStore,
    private readonly revocations: RevocationStore,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ignoreExpiration: false,
      algorithms: ['RS256'],
      secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (error: unknown, key?: string | Buffer) => void) => {
        // passport-jwt's types want a PEM string; jsonwebtoken verifies faster with a KeyObject.
        keys.keyFor(rawJwt).then(
          (key) => done(null, key as unknown as Buffer),
          (error) => done(error),
        );
      },
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthenticatedUser> {
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
