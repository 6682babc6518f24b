import { BadRequestException } from '@nestjs/common';
import { subject } from '@afya/service-shared';
import type { AppointmentCalls } from '@afya/appointment-service/contracts';
import { PrescriptionMessages } from '@afya/prescription-service/contracts';
import type { CallHandlings } from '../../common/calls/bus-calls';

/** Parses 'appt-12' (the only editable record kind): anything else is 'Invalid record type.'. */
export function appointmentRecordId(recordId: string): number | undefined {
  const match = /^appt-([1-9][0-9]{0,9})$/.exec(recordId);
  return match && Number(match[1]) <= 2_147_483_647 ? Number(match[1]) : undefined;
}

/**
 * A medical record's edit (AppointmentCalls.editRecord): the appointment's id is read from the record's ('appt-12'),
 * and the fields present go to the appointment service as `{ id, changes }`.
 */
export const RECORD_CALL_HANDLINGS: CallHandlings<typeof AppointmentCalls> = {
  editRecord: {
    async handle({ input: { params, body }, bus, caller, meta }) {
      const id = appointmentRecordId(params.recordId);
      if (id === undefined) throw new BadRequestException(PrescriptionMessages.invalidRecordType);
      const changes = Object.fromEntries(Object.entries({ diagnosis: body.diagnosis, treatment: body.treatment, notes: body.notes }).filter(([, value]) => value !== undefined));
      return bus.send(subject(meta.subject), { id, changes }, caller);
    },
  },
};
