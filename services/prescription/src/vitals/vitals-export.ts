import type { DataSource } from 'typeorm';
import type { DataExportRecordsReply, DataExportVitalAlert } from '../../contracts';
import { READING_COLUMNS, type ReadingRow, toReading } from './vitals.service';

/** The patient's readings (entered in error included) and the alerts they raised, for their data export (issue 39). */
export async function vitalsExport(dataSource: DataSource, patientId: number): Promise<Pick<DataExportRecordsReply, 'vital_readings' | 'vital_alerts'>> {
  const readings: ReadingRow[] = await dataSource.query(`SELECT ${READING_COLUMNS} FROM vital_readings r WHERE r.patient_id = $1 ORDER BY r.measured_at, r.reading_id`, [patientId]);
  const alerts: (Omit<DataExportVitalAlert, 'created_at' | 'acknowledged_at'> & { created_at: Date; acknowledged_at: Date | null })[] = await dataSource.query(
    `SELECT a.alert_id, a.reading_id, a.doctor_user_id, NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), '') AS doctor_name, a.level, a.created_at,
            a.acknowledged_at, a.note
       FROM vital_alerts a LEFT JOIN user_directory u ON u.user_id = a.doctor_user_id
      WHERE a.patient_id = $1 ORDER BY a.created_at, a.alert_id`,
    [patientId],
  );
  return {
    vital_readings: readings.map(toReading),
    vital_alerts: alerts.map((a) => ({ ...a, created_at: new Date(a.created_at).toISOString(), acknowledged_at: a.acknowledged_at ? new Date(a.acknowledged_at).toISOString() : null })),
  };
}
