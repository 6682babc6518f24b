import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from './jwt-auth.guard';
import { KeyStore } from './key-store';
import { RevocationStore } from './revocation-store';
import { RolesGuard } from './roles.guard';
import { TokenVerifier } from './token-verifier';

/** Token verification and role checks for every route (guards are global: routes opt out with @Public). */
@Global()
@Module({
  providers: [
    KeyStore,
    RevocationStore,
    TokenVerifier,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [RevocationStore],
})
export class GatewayAuthModule {}
