import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { AppointmentPatterns } from '../contracts';
import { appointmentDatabase } from './appointment.database';
import { AdminAppointmentSearch, AdminAppointmentSearchController } from './appointments/admin-search';
import { AttendanceController } from './attendance/attendance.controller';
import { AttendanceReportsService } from './attendance/attendance-reports.service';
import { AttendanceService } from './attendance/attendance.service';
import { AppointmentsController } from './appointments/appointments.controller';
import { AppointmentChangesService } from './appointments/appointment-changes.service';
import { AppointmentReadsService } from './appointments/appointment-reads.service';
import { AppointmentRecords } from './appointments/appointment-records';
import { BookingService } from './appointments/booking.service';
import { RescheduleService } from './appointments/reschedule.service';
import { AuditTrail } from './audit/audit-trail';
import { DoctorCalendarController } from './calendar/doctor-calendar.controller';
import { DateOverridesService } from './calendar/date-overrides.service';
import { DoctorCalendarService } from './calendar/doctor-calendar.service';
import { MoveToColleagueService } from './calendar/move-to-colleague.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { FamilyAccess } from './family/family-access';
import { CoverBooking } from './insurance/cover-booking';
import { CoverCheckService } from './insurance/cover-check.service';
import { CoversService } from './insurance/covers.service';
import { InsuranceController } from './insurance/insurance.controller';
import { PayersService } from './insurance/payers.service';
import { UserDirectoryConsumer } from './directory/user-directory.consumer';
import { DoctorInsightsService } from './doctors/doctor-insights.service';
import { DoctorsController } from './doctors/doctors.controller';
import { DoctorsService } from './doctors/doctors.service';
import { PaymentEventsConsumer } from './payments/payment-events.consumer';
import { VideoVisitsController } from './video/video-visits.controller';
import { VideoVisitsService } from './video/video-visits.service';
import { OfferExpiryQueue } from './waitlist/offer-expiry.queue';
import { SlotHolds } from './waitlist/slot-holds';
import { WaitlistController } from './waitlist/waitlist.controller';
import { WaitlistService } from './waitlist/waitlist.service';

@Module({
  imports: [ServiceDatabaseModule.forService(appointmentDatabase), EventsModule.forService('appointment')],
  controllers: [
    AppointmentsController,
    AdminAppointmentSearchController,
    DoctorsController,
    DoctorCalendarController,
    DashboardController,
    VideoVisitsController,
    WaitlistController,
    AttendanceController,
    InsuranceController,
    createServiceHealthController('appointment', subject(AppointmentPatterns.health)),
  ],
  providers: [
    AdminAppointmentSearch,
    AuditTrail,
    DoctorsService,
    DoctorCalendarService,
    DateOverridesService,
    MoveToColleagueService,
    DoctorInsightsService,
    FamilyAccess,
    AppointmentRecords,
    AppointmentReadsService,
    BookingService,
    AppointmentChangesService,
    RescheduleService,
    DashboardService,
    UserDirectoryConsumer,
    PaymentEventsConsumer,
    VideoVisitsService,
    OfferExpiryQueue,
    SlotHolds,
    WaitlistService,
    AttendanceService,
    AttendanceReportsService,
    PayersService,
    CoversService,
    CoverBooking,
    CoverCheckService,
  ],
})
export class AppointmentModule {}
