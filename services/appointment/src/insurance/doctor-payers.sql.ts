import type { DataSource, EntityManager } from 'typeorm';
import type { Payer } from '../../contracts';

/** Only doctors who accept the payer with this code (Find Doctors' "Accepts SHA"): a fragment over `doctors`, the code as `$n`. */
export const acceptsPayerSql = (param: string) =>
  `doctor_id IN (SELECT dp.doctor_id FROM doctor_payers dp JOIN payers p ON p.payer_id = dp.payer_id WHERE upper(p.code) = upper(${param}) AND p.retired_at IS NULL)`;

/** Each listed doctor's accepted payers (the doctor cards), by doctor id; a retired payer is no longer accepted. */
export async function acceptedPayersOf(db: DataSource | EntityManager, doctorIds: number[]): Promise<Map<number, Payer[]>> {
  const byDoctor = new Map<number, Payer[]>();
  if (!doctorIds.length) return byDoctor;
  const rows: (Payer & { doctor_id: number })[] = await db.query(
    `SELECT dp.doctor_id, p.payer_id, p.code, p.name, p.kind
       FROM doctor_payers dp JOIN payers p ON p.payer_id = dp.payer_id
      WHERE dp.doctor_id = ANY($1::int[]) AND p.retired_at IS NULL
      ORDER BY (p.kind = 'sha') DESC, p.name`,
    [doctorIds],
  );
  for (const { doctor_id, ...payer } of rows) byDoctor.set(doctor_id, [...(byDoctor.get(doctor_id) ?? []), payer]);
  return byDoctor;
}
