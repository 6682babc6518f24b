/**
 * Insurance cover's calls (issue 38; part of AppointmentCalls, calls.ts; the shapes in insurance.ts). Payers are the
 * admins' list; a patient keeps their covers (a carer with `book`: a family member's); a doctor (or an admin for them)
 * lists the payers they accept with the co-pay; the visit's doctor or an admin marks a booked cover at the desk.
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import {
  AddCoverBodySchema,
  AddPayerBodySchema,
  CoverCheckBodySchema,
  CoverReplySchema,
  CoversQuerySchema,
  CoversReplySchema,
  DoctorPayersReplySchema,
  InsurancePatterns,
  PayerReplySchema,
  PayersReplySchema,
  RemoveCoverReplySchema,
  RetirePayerReplySchema,
  SetDoctorPayersBodySchema,
  SetDoctorPayersReplySchema,
  UpdateCoverBodySchema,
} from './insurance';
import { AppointmentChangeReplySchema } from './schemas';

const byId = z.object({ id: idParam });
const doctorById = z.object({ id: idParam }).transform(({ id }) => ({ doctor_id: id }));
const insuranceRoute = (route: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: `/${string}`; summary: string; successStatus?: number }) =>
  call.route({ ...route, tags: ['insurance'] });

export const InsuranceCalls = {
  /** SHA and the private insurers admins keep (retired ones are left out). */
  payers: insuranceRoute({ method: 'GET', path: '/payers', summary: 'The payers: SHA and private insurers' })
    .meta({ subject: InsurancePatterns.payers })
    .input(z.object({}))
    .output(reply(PayersReplySchema)),

  /** 409 when the code is taken. */
  addPayer: call
    .route({ method: 'POST', path: '/admin/payers', successStatus: 201, tags: ['admin'], summary: 'Add a payer (admins)' })
    .meta({ subject: InsurancePatterns.addPayer, roles: ['admin'] })
    .input(z.object({ body: bodyOf(AddPayerBodySchema) }))
    .output(reply(PayerReplySchema)),

  /** Retired: no longer listed nor offered for new covers; covers and booked visits keep it. */
  retirePayer: call
    .route({ method: 'DELETE', path: '/admin/payers/{id}', tags: ['admin'], summary: 'Retire a payer (admins)' })
    .meta({ subject: InsurancePatterns.retirePayer, roles: ['admin'] })
    .input(z.object({ params: byId }))
    .output(reply(RetirePayerReplySchema)),

  covers: insuranceRoute({ method: 'GET', path: '/insurance/covers', summary: "The caller's covers (or a family member's)" })
    .meta({ subject: InsurancePatterns.covers, roles: ['user'] })
    .input(z.object({ query: queryOf(CoversQuerySchema) }))
    .output(reply(CoversReplySchema)),

  /** An SHA number not shaped like a CR number is kept, with a warning. */
  addCover: insuranceRoute({ method: 'POST', path: '/insurance/covers', successStatus: 201, summary: 'Record a cover (patients)' })
    .meta({ subject: InsurancePatterns.addCover, roles: ['user'] })
    .input(z.object({ body: bodyOf(AddCoverBodySchema) }))
    .output(reply(CoverReplySchema)),

  /** Booked visits keep their snapshot: a change applies to bookings made after it. */
  updateCover: insuranceRoute({ method: 'PATCH', path: '/insurance/covers/{id}', summary: 'Change a cover (patients)' })
    .meta({ subject: InsurancePatterns.updateCover, roles: ['user'] })
    .input(z.object({ params: byId, body: bodyOf(UpdateCoverBodySchema) }))
    .output(reply(CoverReplySchema)),

  removeCover: insuranceRoute({ method: 'DELETE', path: '/insurance/covers/{id}', summary: 'Remove a cover (patients)' })
    .meta({ subject: InsurancePatterns.removeCover, roles: ['user'] })
    .input(z.object({ params: byId }))
    .output(reply(RemoveCoverReplySchema)),

  doctorPayers: insuranceRoute({ method: 'GET', path: '/doctors/{id}/payers', summary: 'The payers a doctor accepts, with the co-pay' })
    .meta({ subject: InsurancePatterns.doctorPayers })
    .input(z.object({ params: doctorById }))
    .output(reply(DoctorPayersReplySchema)),

  /** The whole list replaces the old one; a co-pay above the fee, a negative one or above 100% is a 400. */
  setDoctorPayers: insuranceRoute({ method: 'PUT', path: '/doctors/{id}/payers', summary: 'The payers a doctor accepts (the doctor, admins)' })
    .meta({ subject: InsurancePatterns.setDoctorPayers, roles: ['doctor', 'admin'] })
    .input(z.object({ params: doctorById, body: bodyOf(SetDoctorPayersBodySchema) }))
    .output(reply(SetDoctorPayersReplySchema)),

  /** rejected or self_pay: the rest of the fee becomes due from the patient (paid from the appointment card). */
  coverCheck: insuranceRoute({ method: 'POST', path: '/appointments/{id}/cover-check', summary: "Mark a visit's cover verified, rejected or self-pay (its doctor, admins)" })
    .meta({ subject: InsurancePatterns.coverCheck, roles: ['doctor', 'admin'] })
    .input(z.object({ params: byId, body: bodyOf(CoverCheckBodySchema) }))
    .output(reply(AppointmentChangeReplySchema)),
};
