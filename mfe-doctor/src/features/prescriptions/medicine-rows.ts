import type { Medicine } from '@afya/prescription-service/contracts';
import { MEDICINES_MAX } from '@afya/prescription-service/contracts/catalog';

export const emptyMedicine = (): Medicine => ({ name: '', dosage: '', frequency: '', instructions: '' });

/** CONTRACT.md §5: every row needs a non-empty (trimmed) name, dosage and instructions; 1-20 rows. */
export function medicinesValid(rows: Medicine[]): boolean {
  return rows.length >= 1 && rows.length <= MEDICINES_MAX && rows.every((r) => r.name.trim() && r.dosage.trim() && r.instructions.trim());
}

/** Whether the doctor has typed anything into the rows yet (spaces count: they are what keeps Save disabled). */
export const startedFilling = (rows: Medicine[]): boolean => rows.some((r) => r.name || r.dosage || r.frequency || r.instructions);

export const trimMedicines = (rows: Medicine[]): Medicine[] =>
  rows.map((r) => ({ name: r.name.trim(), dosage: r.dosage.trim(), frequency: r.frequency.trim(), instructions: r.instructions.trim() }));
