import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal } from '@afya/service-shared';
import {
  AddPayerPayloadSchema,
  copayProblem,
  type DoctorPayer,
  DoctorPayersPayloadSchema,
  InsuranceMessages,
  type Payer,
  PayerIdPayloadSchema,
  SetDoctorPayersPayloadSchema,
} from '../../contracts';
import { isUniqueViolation } from '../appointments/appointment-records';
import { DOCTOR_PROFILE_NOT_FOUND, DoctorsService, returnedRows } from '../doctors/doctors.service';

const PAYER_COLUMNS = `p.payer_id, p.code, p.name, p.kind`;

/** The payers list (admins keep it) and the payers each doctor accepts with the co-pay (issue 38). */
@Injectable()
export class PayersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
  ) {}

  /** GET /payers: the payers still in use, SHA first, then by name. */
  async list(): Promise<{ payers: Payer[] }> {
    const payers: Payer[] = await this.dataSource.query(`SELECT ${PAYER_COLUMNS} FROM payers p WHERE p.retired_at IS NULL ORDER BY (p.kind = 'sha') DESC, p.name, p.payer_id`);
    return { payers };
  }

  /** POST /admin/payers: a payer with a new code (409 when an active or retired payer has it). */
  async add(actor: Principal, request: unknown): Promise<{ payer: Payer; message: string }> {
    if (actor.role !== 'admin') throw forbidden();
    const { code, name, kind } = parsePayload(AddPayerPayloadSchema, request);
    try {
      const [payer]: Payer[] = await this.dataSource.query(
        `INSERT INTO payers (code, name, kind) VALUES ($1, $2, $3) RETURNING payer_id, code, name, kind`,
        [code, name, kind ?? 'private'],
      );
      return { payer, message: InsuranceMessages.payerAdded };
    } catch (error) {
      if (isUniqueViolation(error, 'payers_code_key')) throw conflict(InsuranceMessages.payerExists);
      throw error;
    }
  }

  /** DELETE /admin/payers/{id}: no longer listed, accepted or offered for new covers; what was recorded stays. */
  async retire(actor: Principal, request: unknown): Promise<{ payer_id: number; message: string }> {
    if (actor.role !== 'admin') throw forbidden();
    const { id } = parsePayload(PayerIdPayloadSchema, request);
    const [row] = returnedRows<{ payer_id: number }>(
      await this.dataSource.query(`UPDATE payers SET retired_at = COALESCE(retired_at, now()) WHERE payer_id = $1 RETURNING payer_id`, [id]),
    );
    if (!row) throw notFound(InsuranceMessages.payerNotFound);
    return { payer_id: id, message: InsuranceMessages.payerRetired };
  }

  /** GET /doctors/{id}/payers: any signed-in user (a patient choosing a doctor reads it). */
  async doctorPayers(request: unknown): Promise<{ doctor_id: number; payers: DoctorPayer[] }> {
    const { doctor_id } = parsePayload(DoctorPayersPayloadSchema, request);
    const doctor = await this.doctors.findById(doctor_id);
    if (!doctor || !doctor.active) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
    return { doctor_id, payers: await this.acceptedBy(doctor_id) };
  }

  /** PUT /doctors/{id}/payers: the doctor themself or an admin; the list replaces the old one. */
  async setDoctorPayers(actor: Principal, request: unknown): Promise<{ doctor_id: number; payers: DoctorPayer[]; message: string }> {
    if (actor.role === 'user') throw forbidden();
    const { doctor_id, payers } = parsePayload(SetDoctorPayersPayloadSchema, request);
    const doctor = await this.doctors.findById(doctor_id);
    if (!doctor || !doctor.active) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
    if (actor.role === 'doctor' && doctor.user_id !== actor.userId) throw forbidden(InsuranceMessages.notYourProfile);
    const seen = new Set<number>();
    for (const entry of payers) {
      if (seen.has(entry.payer_id)) throw badRequest(InsuranceMessages.payerTwice);
      seen.add(entry.payer_id);
      const problem = copayProblem(entry.copay_kind, entry.copay_value ?? 0, doctor.fee === null ? null : Number(doctor.fee));
      if (problem) throw badRequest(problem);
    }
    if (seen.size) {
      const known: { payer_id: number }[] = await this.dataSource.query(`SELECT payer_id FROM payers WHERE payer_id = ANY($1::int[]) AND retired_at IS NULL`, [[...seen]]);
      if (known.length !== seen.size) throw badRequest(InsuranceMessages.payerNotFound);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM doctor_payers WHERE doctor_id = $1`, [doctor_id]);
      for (const entry of payers) {
        await manager.query(`INSERT INTO doctor_payers (doctor_id, payer_id, copay_kind, copay_value) VALUES ($1, $2, $3, $4)`, [
          doctor_id,
          entry.payer_id,
          entry.copay_kind,
          entry.copay_kind === 'none' ? 0 : (entry.copay_value ?? 0),
        ]);
      }
    });
    return { doctor_id, payers: await this.acceptedBy(doctor_id), message: InsuranceMessages.payersSaved };
  }

  /** The payers a doctor accepts now (a retired payer is no longer accepted). */
  async acceptedBy(doctorId: number): Promise<DoctorPayer[]> {
    const rows: DoctorPayer[] = await this.dataSource.query(
      `SELECT ${PAYER_COLUMNS}, dp.copay_kind, dp.copay_value::float8 AS copay_value
         FROM doctor_payers dp JOIN payers p ON p.payer_id = dp.payer_id
        WHERE dp.doctor_id = $1 AND p.retired_at IS NULL
        ORDER BY (p.kind = 'sha') DESC, p.name`,
      [doctorId],
    );
    return rows;
  }
}
