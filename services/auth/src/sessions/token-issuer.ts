import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { sign } from 'jsonwebtoken';
import { envInt } from '@afya/service-shared';
import type { AccessTokenClaims } from '../../contracts';
import { SigningKeyProvider } from '../keys/signing-key';
import { UserEntity } from '../users/user.entity';

/** Token lifetime in seconds (default 8 hours: a clinic working day). */
export const tokenTtlSeconds = () => envInt('JWT_TTL_SECONDS', 8 * 60 * 60);

@Injectable()
export class TokenIssuer {
  constructor(private readonly signingKey: SigningKeyProvider) {}

  issue(user: UserEntity): string {
    const claims: Omit<AccessTokenClaims, 'iat' | 'exp' | 'jti' | 'sub'> = {
      role: user.role,
      sv: user.sessionVersion,
      ...(user.mustChangePassword ? { mcp: true } : {}),
    };
    return sign(claims, this.signingKey.key.privateKey, {
      algorithm: 'RS256',
      keyid: this.signingKey.key.kid,
      subject: String(user.userId),
      jwtid: randomUUID(),
      expiresIn: tokenTtlSeconds(),
    });
  }
}
