import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CareVisit, careWindowsFromEnv, CareWindows, hasCareRelationship, patientsInCareAmong } from '@afya/appointment-service/contracts';
import { VISIT_START } from '../directory/read-models';

interface VisitRow extends CareVisit {
  appointment_id: number;
  user_id: number;
}

/** One of the doctor's visits as the appointment service answered for it just now. */
export interface FreshVisit extends CareVisit {
  appointment_id: number;
}

/** The visits that can count (Confirmed, Completed), with the instant each starts (its starts_at: VISIT_START). */
const VISITS_SQL = `
  SELECT a.appointment_id, a.user_id, a.appointment_status, ${VISIT_START} AS starts_at
    FROM appointments a
   WHERE a.doctor_user_id = $1 AND NOT a.deleted AND a.appointment_status IN ('Confirmed', 'Completed')`;

/**
 * The care relationship rule (appointment contracts, hasCareRelationship) applied to this service's read model of
 * appointments: whether a doctor may read a patient's prescriptions by other doctors and medical history now.
 */
@Injectable()
export class CareAccess {
  /** Read once at start: a bad CARE_ACCESS_* value stops the service (careWindowsFromEnv throws). */
  readonly windows: CareWindows = careWindowsFromEnv(process.env);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `fresh`: one of their visits with the patient as the appointment service holds it now; it counts instead of the
   * read model's copy (which the events may not have brought up to date yet).
   */
  async doctorMayRead(doctorUserId: number, patientId: number, manager: EntityManager = this.dataSource.manager, now = new Date(), fresh?: FreshVisit): Promise<boolean> {
    const held: VisitRow[] = await manager.query(`${VISITS_SQL} AND a.user_id = $2`, [doctorUserId, patientId]);
    const visits: CareVisit[] = fresh ? [...held.filter((visit) => visit.appointment_id !== fresh.appointment_id), fresh] : held;
    return hasCareRelationship(visits, now, this.windows);
  }

  /** Every doctor (user id) caring for the patient at `now`: the same rule, from the patient's side (issue 39's alerts). */
  async doctorsCaringFor(patientId: number, manager: EntityManager = this.dataSource.manager, now = new Date()): Promise<number[]> {
    const visits: VisitRow[] = await manager.query(
      `SELECT a.appointment_id, a.doctor_user_id AS user_id, a.appointment_status, ${VISIT_START} AS starts_at
         FROM appointments a
        WHERE a.user_id = $1 AND NOT a.deleted AND a.appointment_status IN ('Confirmed', 'Completed')`,
      [patientId],
    );
    return patientsInCareAmong(visits, now, this.windows);
  }

  /** Every patient the doctor is caring for now. */
  async patientsInCare(doctorUserId: number, now = new Date()): Promise<number[]> {
    const visits: VisitRow[] = await this.dataSource.query(VISITS_SQL, [doctorUserId]);
    return patientsInCareAmong(visits, now, this.windows);
  }
}
