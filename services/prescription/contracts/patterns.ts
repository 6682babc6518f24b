/** The prescription service's bus patterns (their own file, so calls.ts and index.ts do not import each other). */
/** Request-reply patterns (NATS subjects without the bus namespace). */
export const PrescriptionPatterns = {
  health: 'prescription.v1.health',
  create: 'prescription.v1.create',
  update: 'prescription.v1.update',
  remove: 'prescription.v1.delete',
  get: 'prescription.v1.get',
  /** The prescription of one appointment (View Prescription on a Completed appointment). */
  byAppointment: 'prescription.v1.by-appointment',
  /** PDF bytes as a BinaryRef (services/shared rpc/binary-transfer). */
  pdf: 'prescription.v1.pdf',
  listUser: 'prescription.v1.list.user',
  listDoctor: 'prescription.v1.list.doctor',
  listAll: 'prescription.v1.list.all',
  /** The doctor's own appointments that can still get a prescription (Write Prescription's picker). */
  writable: 'prescription.v1.writable-appointments',
  historySelf: 'prescription.v1.history.self',
  historyUser: 'prescription.v1.history.user',
  /** Family care (issue 36): a member's prescriptions and medical history, for a carer with `records`. */
  familyMemberPrescriptions: 'prescription.v1.family.member-prescriptions',
  familyMemberHistory: 'prescription.v1.family.member-history',
  historyAll: 'prescription.v1.history.all',
  historyRemove: 'prescription.v1.history.delete',
  accessLog: 'prescription.v1.access-log',
  /** The caller's prescriptions, medical history and whole access log, for their data export (DataExportRecordsReply). */
  dataExport: 'prescription.v1.data-export',
  /** The readable PDF of a data export: the gateway sends the assembled archive (a BinaryRef), gets the PDF back. */
  dataExportPdf: 'prescription.v1.data-export.pdf',
} as const;
export type PrescriptionPattern = (typeof PrescriptionPatterns)[keyof typeof PrescriptionPatterns];
