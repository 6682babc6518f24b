import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { KeyStore } from './key-store';
import { RevocationStore } from './revocation-store';
import { RolesGuard } from './roles.guard';

/** Token verification and role checks for every route (guards are global: routes opt out with @Public). */
@Global()
@Module({
  imports: [PassportModule],
  providers: [
    KeyStore,
    RevocationStore,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [RevocationStore],
})
export class GatewayAuthModule {}
