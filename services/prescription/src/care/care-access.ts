import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CareVisit, careWindowsFromEnv, CareWindows, hasCareRelationship, patientsInCareAmong } from '@afya/appointment-service/contracts';

interface VisitRow extends CareVisit {
  user_id: number;
}

/** The visits that can count (Confirmed, Completed), with the instant each slot starts in clinic time. */
const VISITS_SQL = `
  SELECT user_id, appointment_status,
         (appointment_date + time_slot::time) AT TIME ZONE 'Africa/Nairobi' AS starts_at
    FROM appointments
   WHERE doctor_user_id = $1 AND NOT deleted AND appointment_status IN ('Confirmed', 'Completed')`;

/**
 * The care relationship rule (appointment contracts, hasCareRelationship) applied to this service's read model of
 * appointments: whether a doctor may read a patient's prescriptions by other doctors and medical history now.
 */
@Injectable()
export class CareAccess {
  /** Read once at start: a bad CARE_ACCESS_* value stops the service (careWindowsFromEnv throws). */
  readonly windows: CareWindows = careWindowsFromEnv(process.env);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async doctorMayRead(doctorUserId: number, patientId: number, manager: EntityManager = this.dataSource.manager, now = new Date()): Promise<boolean> {
    const visits: VisitRow[] = await manager.query(`${VISITS_SQL} AND user_id = $2`, [doctorUserId, patientId]);
    return hasCareRelationship(visits, now, this.windows);
  }

  /** Every patient the doctor is caring for now. */
  async patientsInCare(doctorUserId: number, now = new Date()): Promise<number[]> {
    const visits: VisitRow[] = await this.dataSource.query(VISITS_SQL, [doctorUserId]);
    return patientsInCareAmong(visits, now, this.windows);
  }
}
