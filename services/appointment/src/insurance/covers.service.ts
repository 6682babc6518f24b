import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, forbidden, notFound, parsePayload, Principal, RpcFailure } from '@afya/service-shared';
import {
  AddCoverPayloadSchema,
  type Cover,
  CoverIdPayloadSchema,
  CoversPayloadSchema,
  coverWarnings,
  InsuranceMessages,
  maskMemberNumber,
  normalMemberNumber,
  type PayerKind,
  UpdateCoverPayloadSchema,
} from '../../contracts';
import { returnedRows } from '../doctors/doctors.service';
import { FamilyAccess } from '../family/family-access';

/** A patient_covers row joined with its payer, as read. */
export interface CoverRow {
  cover_id: number;
  user_id: number;
  payer_id: number;
  payer_code: string;
  payer_name: string;
  payer_kind: PayerKind;
  payer_retired: boolean;
  member_number: string;
  scheme: string | null;
  relationship: Cover['relationship'];
  principal_name: string | null;
  principal_member_number: string | null;
  valid_until: string | null;
  priority: Cover['priority'];
  created_at: Date;
  updated_at: Date;
}

export const COVER_SELECT = `
  SELECT c.cover_id, c.user_id, c.payer_id, p.code AS payer_code, p.name AS payer_name, p.kind AS payer_kind, (p.retired_at IS NOT NULL) AS payer_retired,
         c.member_number, c.scheme, c.relationship, c.principal_name, c.principal_member_number, c.valid_until::text AS valid_until,
         c.priority, c.created_at, c.updated_at
    FROM patient_covers c JOIN payers p ON p.payer_id = c.payer_id`;

export function toCover(row: CoverRow): Cover {
  return {
    cover_id: row.cover_id,
    user_id: row.user_id,
    payer_id: row.payer_id,
    payer: { payer_id: row.payer_id, code: row.payer_code, name: row.payer_name, kind: row.payer_kind },
    member_number: row.member_number,
    scheme: row.scheme,
    relationship: row.relationship,
    principal_name: row.principal_name,
    principal_member_number: row.principal_member_number,
    valid_until: row.valid_until,
    priority: row.priority,
    warnings: coverWarnings(row.payer_kind, row.member_number),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** A patient's covers (issue 38): their own, or a family member's for a carer with the `book` scope. */
@Injectable()
export class CoversService {
  private readonly logger = new Logger('Covers');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly family: FamilyAccess,
  ) {}

  /** GET /insurance/covers[?member_id=]: primary first, then the newest. */
  async list(actor: Principal, request: unknown, requestId?: string): Promise<{ covers: Cover[] }> {
    const { member_id } = parsePayload(CoversPayloadSchema, request);
    const patientId = await this.patientFor(actor, member_id, requestId);
    const rows: CoverRow[] = await this.dataSource.query(`${COVER_SELECT} WHERE c.user_id = $1 ORDER BY (c.priority = 'primary') DESC, c.cover_id DESC`, [patientId]);
    return { covers: rows.map(toCover) };
  }

  /** POST /insurance/covers: kept with its warnings (an SHA number not shaped like a CR number is never refused). */
  async add(actor: Principal, request: unknown, requestId?: string): Promise<{ cover: Cover; message: string }> {
    const fields = parsePayload(AddCoverPayloadSchema, request);
    const patientId = await this.patientFor(actor, fields.member_id, requestId);
    const relationship = fields.relationship ?? 'self';
    principalCheck(relationship, fields.principal_name, fields.principal_member_number);
    await this.activePayer(fields.payer_id);
    const [created]: { cover_id: number }[] = await this.dataSource.query(
      `INSERT INTO patient_covers (user_id, payer_id, member_number, scheme, relationship, principal_name, principal_member_number, valid_until, priority, added_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING cover_id`,
      [
        patientId,
        fields.payer_id,
        normalMemberNumber(fields.member_number),
        fields.scheme || null,
        relationship,
        relationship === 'self' ? null : (fields.principal_name ?? null),
        relationship === 'self' ? null : normalMemberNumber(fields.principal_member_number ?? ''),
        fields.valid_until ?? null,
        fields.priority ?? 'primary',
        actor.userId,
      ],
    );
    const cover = await this.read(created.cover_id);
    // Member numbers are personal data: logs carry the masked number only.
    this.logger.log(`cover ${cover.cover_id} added for user ${patientId} (${cover.payer.code} ${maskMemberNumber(cover.member_number)})`);
    return { cover, message: InsuranceMessages.coverAdded };
  }

  /** PATCH /insurance/covers/{id}: booked visits keep their snapshot. */
  async update(actor: Principal, request: unknown, requestId?: string): Promise<{ cover: Cover; message: string }> {
    const { id, ...changes } = parsePayload(UpdateCoverPayloadSchema, request);
    const current = await this.ownCover(actor, id, requestId);
    if (changes.payer_id !== undefined && changes.payer_id !== current.payer_id) await this.activePayer(changes.payer_id);
    const relationship = changes.relationship ?? current.relationship;
    const principalName = changes.principal_name === undefined ? current.principal_name : changes.principal_name;
    const principalNumber = changes.principal_member_number === undefined ? current.principal_member_number : changes.principal_member_number;
    principalCheck(relationship, principalName, principalNumber);
    await this.dataSource.query(
      `UPDATE patient_covers SET payer_id = $2, member_number = $3, scheme = $4, relationship = $5, principal_name = $6, principal_member_number = $7,
              valid_until = $8, priority = $9, updated_at = now()
        WHERE cover_id = $1`,
      [
        id,
        changes.payer_id ?? current.payer_id,
        changes.member_number === undefined ? current.member_number : normalMemberNumber(changes.member_number),
        changes.scheme === undefined ? current.scheme : changes.scheme || null,
        relationship,
        relationship === 'self' ? null : principalName,
        relationship === 'self' ? null : principalNumber && normalMemberNumber(principalNumber),
        changes.valid_until === undefined ? current.valid_until : changes.valid_until,
        changes.priority ?? current.priority,
      ],
    );
    return { cover: await this.read(id), message: InsuranceMessages.coverUpdated };
  }

  /** DELETE /insurance/covers/{id}: booked visits keep their snapshot. */
  async remove(actor: Principal, request: unknown, requestId?: string): Promise<{ cover_id: number; message: string }> {
    const { id } = parsePayload(CoverIdPayloadSchema, request);
    await this.ownCover(actor, id, requestId);
    await this.dataSource.query(`DELETE FROM patient_covers WHERE cover_id = $1`, [id]);
    return { cover_id: id, message: InsuranceMessages.coverRemoved };
  }

  /** The patient's cover for a booking (another person's is a 404, as everywhere), read in the booking's transaction. */
  async forBooking(manager: EntityManager, patientId: number, coverId: number): Promise<CoverRow> {
    const [row]: CoverRow[] = await manager.query(`${COVER_SELECT} WHERE c.cover_id = $1 AND c.user_id = $2`, [coverId, patientId]);
    if (!row) throw notFound(InsuranceMessages.coverNotFound);
    return row;
  }

  private async read(coverId: number): Promise<Cover> {
    const [row]: CoverRow[] = await this.dataSource.query(`${COVER_SELECT} WHERE c.cover_id = $1`, [coverId]);
    return toCover(row);
  }

  /** The patient a cover call is about: the caller, or a member they may book for (auth's 403/404 pass on). */
  private async patientFor(actor: Principal, memberId: number | undefined, requestId?: string): Promise<number> {
    if (actor.role !== 'user') throw forbidden();
    if (memberId === undefined || memberId === actor.userId) return actor.userId;
    const access = await this.family.check(actor, memberId, 'book', requestId);
    return access.member_id;
  }

  /** The caller's cover, or a member's they may book for; anyone else's is a 404. */
  private async ownCover(actor: Principal, coverId: number, requestId?: string): Promise<CoverRow> {
    if (actor.role !== 'user') throw forbidden();
    const [row]: CoverRow[] = await this.dataSource.query(`${COVER_SELECT} WHERE c.cover_id = $1`, [coverId]);
    if (!row) throw notFound(InsuranceMessages.coverNotFound);
    if (row.user_id === actor.userId) return row;
    try {
      await this.family.check(actor, row.user_id, 'book', requestId);
      return row;
    } catch (error) {
      if (error instanceof RpcFailure && [403, 404].includes(error.body.statusCode)) throw notFound(InsuranceMessages.coverNotFound);
      throw error;
    }
  }

  private async activePayer(payerId: number): Promise<void> {
    const [payer] = returnedRows<{ payer_id: number }>(await this.dataSource.query(`SELECT payer_id FROM payers WHERE payer_id = $1 AND retired_at IS NULL`, [payerId]));
    if (!payer) throw badRequest(InsuranceMessages.payerNotFound);
  }
}

/** Not the principal member: their name and number are needed (the desk asks the principal's scheme for a dependant). */
function principalCheck(relationship: string, name: string | null | undefined, number: string | null | undefined): void {
  if (relationship !== 'self' && (!name || !number)) throw badRequest(InsuranceMessages.principalNeeded);
}
