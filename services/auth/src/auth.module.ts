import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { AuthPatterns } from '../contracts';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersService } from './admin-users/admin-users.service';
import { AppointmentCountsConsumer } from './appointment-counts/appointment-counts.consumer';
import { DataRightsController } from './data-rights/data-rights.controller';
import { DataRightsService } from './data-rights/data-rights.service';
import { FamilyController } from './family/family.controller';
import { FamilyService } from './family/family.service';
import { SigningKeyProvider } from './keys/signing-key';
import { authDatabase } from './auth.database';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { ResetRequestQueue } from './password-reset/reset-request-queue';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { RevocationBroadcaster } from './sessions/revocation-broadcaster';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { TokenIssuer } from './sessions/token-issuer';
import { UsersRepository } from './users/users.repository';
import { UssdPinController } from './ussd-pin/ussd-pin.controller';
import { UssdPinService } from './ussd-pin/ussd-pin.service';

@Module({
  imports: [ServiceDatabaseModule.forService(authDatabase), EventsModule.forService('auth')],
  controllers: [
    SessionsController,
    ProfileController,
    AdminUsersController,
    DataRightsController,
    PasswordResetController,
    FamilyController,
    UssdPinController,
    createServiceHealthController('auth', subject(AuthPatterns.health)),
  ],
  providers: [
    SigningKeyProvider,
    TokenIssuer,
    RevocationBroadcaster,
    UsersRepository,
    SessionsService,
    ProfileService,
    AdminUsersService,
    DataRightsService,
    PasswordResetService,
    ResetRequestQueue,
    AppointmentCountsConsumer,
    FamilyService,
    UssdPinService,
  ],
})
export class AuthModule {}
