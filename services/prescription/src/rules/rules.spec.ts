import { parsePayload, RpcFailure } from '@afya/service-shared';
import { MedicinesSchema, UpdatePrescriptionBodySchema } from '../../contracts';
import { accessActionOf, canEditPrescription, canEditRecord, canReadPrescription, canWriteFor, medicinesOf, pageOf, parseRecordId } from './prescription-rules';

/** The medicines and notes as the service reads them: the contract's schemas (the gateway validates with the same). */
const parseMedicines = (input: unknown) => parsePayload(MedicinesSchema, input);
const parseNotes = (input: unknown) => parsePayload(UpdatePrescriptionBodySchema, { notes: input }).notes ?? null;

const row = { name: 'Amoxicillin', dosage: '500mg', frequency: 'Three times daily', instructions: 'After meals' };
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as RpcFailure).getError() as { statusCode: number; message: string };
  }
  throw new Error('expected a failure');
};

describe('the medicines of a prescription (MedicinesSchema)', () => {
  it('accepts a list or a JSON string of a list, trimming and defaulting frequency', () => {
    expect(parseMedicines([{ ...row, name: '  Amoxicillin ' }])).toEqual([row]);
    expect(parseMedicines(JSON.stringify([{ name: 'Paracetamol', dosage: '1 tablet', instructions: 'When needed' }]))).toEqual([
      { name: 'Paracetamol', dosage: '1 tablet', frequency: '', instructions: 'When needed' },
    ]);
  });

  it.each([
    ['empty list', []],
    ['21 rows', Array.from({ length: 21 }, () => row)],
    ['blank name', [{ ...row, name: '   ' }]],
    ['missing dosage', [{ name: 'X', instructions: 'y' }]],
    ['blank instructions', [{ ...row, instructions: ' ' }]],
    ['a plain string row (no dosage)', ['Paracetamol']],
    ['not JSON', '[{name'],
    ['an object', { name: 'x' }],
    ['null', null],
    ['too long', [{ ...row, name: 'x'.repeat(501) }]],
  ])('rejects %s with the spec message', (_label, input) => {
    expect(failure(() => parseMedicines(input))).toEqual({ statusCode: 400, message: 'Please fill all required fields.' });
  });

  it('accepts 20 rows', () => expect(parseMedicines(Array.from({ length: 20 }, () => row))).toHaveLength(20));
});

describe('notes and stored medicines', () => {
  it('trims notes and turns blanks into null', () => {
    expect(parseNotes('  rest  ')).toBe('rest');
    expect(parseNotes('  ')).toBeNull();
    expect(parseNotes(undefined)).toBeNull();
    expect(failure(() => parseNotes('x'.repeat(2001))).statusCode).toBe(400);
  });
  it('reads stored rows, tolerating plain strings and JSON text', () => {
    expect(medicinesOf(['Paracetamol'])).toEqual([{ name: 'Paracetamol', dosage: '', frequency: '', instructions: '' }]);
    expect(medicinesOf(JSON.stringify([row]))).toEqual([row]);
    expect(medicinesOf('nonsense')).toEqual([]);
  });
});

describe('who reads, edits and writes', () => {
  const p = { patient_id: 10, doctor_user_id: 20 };
  it('reads: own patient, issuing doctor, a doctor who sees the patient, admins', () => {
    expect(canReadPrescription({ userId: 10, role: 'user' }, p, false)).toBe(true);
    expect(canReadPrescription({ userId: 11, role: 'user' }, p, false)).toBe(false);
    expect(canReadPrescription({ userId: 20, role: 'doctor' }, p, false)).toBe(true);
    expect(canReadPrescription({ userId: 21, role: 'doctor' }, p, true)).toBe(true);
    expect(canReadPrescription({ userId: 21, role: 'doctor' }, p, false)).toBe(false);
    expect(canReadPrescription({ userId: 1, role: 'admin' }, p, false)).toBe(true);
  });
  it('edits: the issuing doctor and admins only', () => {
    expect(canEditPrescription({ userId: 20, role: 'doctor' }, p)).toBe(true);
    expect(canEditPrescription({ userId: 21, role: 'doctor' }, p)).toBe(false);
    expect(canEditPrescription({ userId: 10, role: 'user' }, p)).toBe(false);
    expect(canEditPrescription({ userId: 1, role: 'admin' }, p)).toBe(true);
  });
  it('writes: only for the doctor’s own, not cancelled appointment, once the visit has started or is completed', () => {
    const doctor = { userId: 20, role: 'doctor' as const };
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Completed', started: true })).toBe('ok');
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Confirmed', started: true })).toBe('ok');
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Pending', started: true })).toBe('ok');
    // Marked Completed ahead of its slot (an admin's override): it took place, it can have one.
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Completed', started: false })).toBe('ok');
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Pending', started: false })).toBe('not_started');
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Confirmed', started: false })).toBe('not_started');
    expect(canWriteFor({ userId: 21, role: 'doctor' }, { doctor_user_id: 20, appointment_status: 'Completed', started: true })).toBe('not_found');
    expect(canWriteFor(doctor, { doctor_user_id: 20, appointment_status: 'Cancelled', started: true })).toBe('cancelled');
    expect(canWriteFor({ userId: 20, role: 'admin' }, { doctor_user_id: 20, appointment_status: 'Pending', started: true })).toBe('not_found');
  });
});

describe('who may edit a medical history record', () => {
  it('the appointment’s doctor or an admin, appointment records only; never a patient or another doctor', () => {
    const own = { type: 'appointment' as const, doctor_user_id: 20 };
    expect(canEditRecord({ userId: 20, role: 'doctor' }, own)).toBe(true);
    expect(canEditRecord({ userId: 21, role: 'doctor' }, own)).toBe(false);
    expect(canEditRecord({ userId: 1, role: 'admin' }, own)).toBe(true);
    expect(canEditRecord({ userId: 5, role: 'user' }, own)).toBe(false);
    expect(canEditRecord({ userId: 20, role: 'doctor' }, { type: 'prescription', doctor_user_id: 20 })).toBe(false);
    expect(canEditRecord({ userId: 20, role: 'doctor' }, { type: 'appointment', doctor_user_id: null })).toBe(false);
  });
});

describe('record ids, actions and pages', () => {
  it('parses appt- and presc- ids and refuses anything else', () => {
    expect(parseRecordId('appt-12')).toEqual({ type: 'appointment', id: 12 });
    expect(parseRecordId('presc-3')).toEqual({ type: 'prescription', id: 3 });
    for (const bad of ['x-1', 'appt-', 'appt-0', 'presc-1a', 'appt-99999999999', 42]) {
      expect(failure(() => parseRecordId(bad))).toEqual({ statusCode: 400, message: 'Invalid record type.' });
    }
  });
  it('maps audit actions to what the patient reads', () => {
    expect(accessActionOf('read')).toBe('viewed');
    expect(accessActionOf('create')).toBe('created');
    expect(accessActionOf('update')).toBe('updated');
    expect(accessActionOf('delete')).toBe('deleted');
    expect(accessActionOf('read', 'prescription_pdf')).toBe('downloaded');
    expect(accessActionOf('video_joined')).toBe('joined_video');
    expect(accessActionOf('video_left')).toBe('left_video');
  });
  it('bounds pages', () => {
    expect(pageOf(undefined, undefined, 100)).toEqual({ page: 1, limit: 20, offset: 0 });
    expect(pageOf('3', '500', 100)).toEqual({ page: 3, limit: 100, offset: 200 });
    expect(pageOf(-1, 0, 100)).toEqual({ page: 1, limit: 20, offset: 0 });
  });
});
