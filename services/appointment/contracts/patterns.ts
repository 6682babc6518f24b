/** The appointment service's request-reply patterns (NATS subjects without the bus namespace). Pure constants. */
export const AppointmentPatterns = {
  book: 'appointment.v1.book',
  availability: 'appointment.v1.availability',
  get: 'appointment.v1.get',
  listOwn: 'appointment.v1.list.own',
  listForDoctor: 'appointment.v1.list.doctor',
  listAll: 'appointment.v1.list.all',
  /** GET /admin/appointments: server-side search, filters and paging with the total (AdminSearchReply). */
  adminSearch: 'appointment.v1.admin.search',
  stats: 'appointment.v1.stats',
  dashboard: 'appointment.v1.dashboard',
  update: 'appointment.v1.update',
  setStatus: 'appointment.v1.status.set',
  /** PATCH /appointments/:id/reschedule: the patient moves their own visit to another free slot of the same doctor. */
  reschedule: 'appointment.v1.reschedule',
  override: 'appointment.v1.status.override',
  setAmount: 'appointment.v1.amount.set',
  remove: 'appointment.v1.delete',
  rate: 'appointment.v1.rate',
  listDoctors: 'appointment.v1.doctors.list',
  adminDoctors: 'appointment.v1.doctors.admin-list',
  doctorByUser: 'appointment.v1.doctors.by-user',
  setFee: 'appointment.v1.doctors.fee.set',
  /** PATCH /doctor/{id}/video: the doctor turns video visits on or off. */
  setVideo: 'appointment.v1.doctors.video.set',
  /** May the caller join this video visit now? (VideoAccessReply, or 403/404 with the reason) */
  videoAccess: 'appointment.v1.video.access',
  /** A participant's call screen opened or closed: recorded in the audit trail (who, when; never the call's content). */
  videoPresence: 'appointment.v1.video.presence',
  approveDoctor: 'appointment.v1.doctors.approve',
  notifications: 'appointment.v1.doctors.notifications',
  performance: 'appointment.v1.doctors.performance',
  health: 'appointment.v1.health',
  /** GET /family/members/{member_id}/appointments: a family member's appointments, read by a carer with `records` (issue 36). */
  familyMemberAppointments: 'appointment.v1.family.member-appointments',
  /** The caller's own appointments as a patient, with ratings, for their data export (DataExportAppointmentsReply). */
  dataExport: 'appointment.v1.data-export',
  /** POST /waitlist (contracts/waitlist.ts): join a doctor's waitlist for a date range. */
  waitlistJoin: 'appointment.v1.waitlist.join',
  /** GET /waitlist: the patient's entries with their place in line and any offer held for them. */
  waitlistList: 'appointment.v1.waitlist.list',
  /** DELETE /waitlist/:id: leave (a slot held for the entry passes on). */
  waitlistLeave: 'appointment.v1.waitlist.leave',
  /** GET /waitlist/offers/:id: the confirmation page's offer (reading it claims nothing). */
  waitlistOffer: 'appointment.v1.waitlist.offer.get',
  /** POST /waitlist/offers/:id/claim: the patient books the held slot. */
  waitlistClaim: 'appointment.v1.waitlist.offer.claim',
  /** POST /waitlist/offers/:id/decline: the slot passes to the next patient now. */
  waitlistDecline: 'appointment.v1.waitlist.offer.decline',
  /** GET /admin/waitlist: waitlist length per doctor. */
  waitlistLengths: 'appointment.v1.waitlist.lengths',
  /** GET/PUT /doctors/:id/hours (contracts/doctor-hours-calls.ts): a doctor's weekly hours. */
  doctorHours: 'appointment.v1.doctors.hours.get',
  setDoctorHours: 'appointment.v1.doctors.hours.set',
  /** GET/POST/DELETE /doctors/:id/leave[/:leave_id]: a doctor's leave. */
  doctorLeave: 'appointment.v1.doctors.leave.list',
  addDoctorLeave: 'appointment.v1.doctors.leave.add',
  removeDoctorLeave: 'appointment.v1.doctors.leave.remove',
  /** GET /doctors/:id/overrides, PUT/DELETE /doctors/:id/overrides/:date: a doctor's own hours for single dates. */
  doctorOverrides: 'appointment.v1.doctors.overrides.list',
  setDoctorOverride: 'appointment.v1.doctors.overrides.set',
  removeDoctorOverride: 'appointment.v1.doctors.overrides.remove',
  /** GET/POST/DELETE /admin/closures[/:id]: the clinic's closures. */
  closures: 'appointment.v1.closures.list',
  addClosure: 'appointment.v1.closures.add',
  removeClosure: 'appointment.v1.closures.remove',
  /** GET /admin/needs-new-time: the visits a leave or a closure fell on that have no new time yet. */
  needsNewTime: 'appointment.v1.needs-new-time.list',
  /** GET /admin/doctor-hours: every active doctor's weekly hours, read-only (the admin's clinic calendar). */
  allDoctorHours: 'appointment.v1.doctors.hours.all',
  /** PATCH /admin/appointments/:id/move: an admin moves a visit that needs a new time to a colleague of the same specialty. */
  moveToColleague: 'appointment.v1.needs-new-time.move',
} as const;
export type AppointmentPattern = (typeof AppointmentPatterns)[keyof typeof AppointmentPatterns];
