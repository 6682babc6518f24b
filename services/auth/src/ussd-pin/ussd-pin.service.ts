import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BusClient, forbidden, getProcessLogger, parsePayload, type Principal, subject } from '@afya/service-shared';
import { SupportPatterns, type UssdLockedMessagePayload } from '@afya/support-service/contracts';
import {
  afterWrongUssdPin,
  type Language,
  USSD_LOCK_MINUTES,
  USSD_PIN_MAX_TRIES,
  UssdPinBodySchema,
  UssdPinMessages,
  type UssdPinStatusReply,
  UssdSignInPayloadSchema,
  type UssdSignInReply,
  ussdLocked,
} from '../../contracts';
import { phoneKey } from '../password-reset/reset-rules';
import { hashPassword, verifyPassword } from '../users/passwords';
import { ussdPinClock } from './ussd-pin-clock';

interface PinRow {
  user_id: number;
  firstname: string;
  language: Language;
  contact_phone: string | null;
  ussd_pin_hash: string | null;
  ussd_pin_failures: number;
  ussd_locked_until: Date | null;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * The USSD PIN (issue 42): the patient sets it on their profile; the gateway's USSD menu asks here, with the phone the
 * network gave and the PIN typed, whether that is a patient who may use USSD now. Counters move in single UPDATEs, so
 * concurrent wrong tries are each counted.
 */
@Injectable()
export class UssdPinService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly bus: BusClient,
  ) {}

  async status(principal: Principal): Promise<UssdPinStatusReply> {
    const row = await this.ownRow(principal);
    const lockedUntil = ussdLocked(row.ussd_locked_until, ussdPinClock.now()) ? row.ussd_locked_until!.toISOString() : null;
    return { pin_set: row.ussd_pin_hash !== null, locked_until: lockedUntil };
  }

  /** A new PIN ends a lock and the count of wrong tries. */
  async set(principal: Principal, payload: unknown): Promise<UssdPinStatusReply> {
    await this.ownRow(principal);
    const { pin } = parsePayload(UssdPinBodySchema, payload);
    const hash = await hashPassword(pin);
    await this.db.query(`UPDATE users SET ussd_pin_hash = $2, ussd_pin_set_at = now(), ussd_pin_failures = 0, ussd_locked_until = NULL WHERE user_id = $1`, [principal.userId, hash]);
    return { pin_set: true, locked_until: null, message: UssdPinMessages.saved };
  }

  async remove(principal: Principal): Promise<UssdPinStatusReply> {
    await this.ownRow(principal);
    await this.db.query(`UPDATE users SET ussd_pin_hash = NULL, ussd_pin_set_at = NULL, ussd_pin_failures = 0, ussd_locked_until = NULL WHERE user_id = $1`, [principal.userId]);
    return { pin_set: false, locked_until: null, message: UssdPinMessages.removed };
  }

  /**
   * The gateway's USSD menu (no principal: the phone is the network's). Without a PIN: who it is and whether they may
   * go on. With one: checked; a wrong one counts, the third in a row locks USSD for 15 minutes and SMSes the patient.
   */
  async signIn(payload: unknown): Promise<UssdSignInReply> {
    const { phone, pin } = parsePayload(UssdSignInPayloadSchema, payload);
    const row = await this.findByPhone(phone);
    const base = { user_id: null, firstname: null, tries_left: null, locked_until: null };
    if (!row) return { ...base, status: 'unknown', language: 'en' };
    const known = { ...base, firstname: row.firstname, language: row.language };
    if (!row.ussd_pin_hash) return { ...known, status: 'no_pin' };
    const now = ussdPinClock.now();
    if (ussdLocked(row.ussd_locked_until, now)) return { ...known, status: 'locked', locked_until: row.ussd_locked_until!.toISOString() };
    if (pin === undefined) return { ...known, status: 'ready' };
    if (await verifyPassword(row.ussd_pin_hash, pin)) {
      if (row.ussd_pin_failures > 0) await this.db.query(`UPDATE users SET ussd_pin_failures = 0 WHERE user_id = $1`, [row.user_id]);
      return { ...known, status: 'ok', user_id: row.user_id };
    }
    return this.wrongPin(row, known, now);
  }

  private async wrongPin(row: PinRow, known: Omit<UssdSignInReply, 'status'>, now: Date): Promise<UssdSignInReply> {
    // (a CTE, so the driver answers the returned rows as a SELECT's)
    const counted = (await this.db.query(
      `WITH counted AS (UPDATE users SET ussd_pin_failures = ussd_pin_failures + 1 WHERE user_id = $1 RETURNING ussd_pin_failures - 1 AS before) SELECT before FROM counted`,
      [row.user_id],
    )) as { before: number }[];
    const next = afterWrongUssdPin(counted[0]?.before ?? row.ussd_pin_failures, now);
    if (!next.lockedNow) return { ...known, status: 'wrong_pin', tries_left: USSD_PIN_MAX_TRIES - next.failures };
    // Only the try that locks it sends the SMS (a concurrent one finds it locked already).
    const locked = (await this.db.query(
      `WITH locked AS (UPDATE users SET ussd_pin_failures = 0, ussd_locked_until = $2 WHERE user_id = $1 AND (ussd_locked_until IS NULL OR ussd_locked_until <= $3) RETURNING user_id)
       SELECT user_id FROM locked`,
      [row.user_id, next.lockedUntil, now],
    )) as { user_id: number }[];
    if (locked.length && row.contact_phone) await this.smsLocked(row);
    return { ...known, status: 'locked', tries_left: 0, locked_until: next.lockedUntil!.toISOString() };
  }

  private async smsLocked(row: PinRow): Promise<void> {
    const message: UssdLockedMessagePayload = { user_id: row.user_id, to: row.contact_phone!, language: row.language, tries: USSD_PIN_MAX_TRIES, minutes: USSD_LOCK_MINUTES };
    try {
      await this.bus.request(subject(SupportPatterns.ussdLocked), message, { principal: null, via: 'auth', timeoutMs: SEND_TIMEOUT_MS });
    } catch (error) {
      getProcessLogger().warn({ userId: row.user_id, err: error }, 'USSD lock SMS not handed over');
    }
  }

  /** A patient account by phone (the last 9 digits, however it was typed); one with a PIN first, then the oldest. */
  private async findByPhone(phone: string): Promise<PinRow | null> {
    const key = phoneKey(phone);
    if (!key) return null;
    const rows = (await this.db.query(
      `SELECT user_id, firstname, language, contact_phone, ussd_pin_hash, ussd_pin_failures, ussd_locked_until
         FROM users
        WHERE deleted_at IS NULL AND role = 'user' AND status = 'active'
          AND right(regexp_replace(contact_phone, '[^0-9]', '', 'g'), 9) = $1
        ORDER BY (ussd_pin_hash IS NOT NULL) DESC, user_id ASC
        LIMIT 1`,
      [key],
    )) as PinRow[];
    return rows[0] ?? null;
  }

  private async ownRow(principal: Principal): Promise<PinRow> {
    if (principal.role !== 'user') throw forbidden();
    const rows = (await this.db.query(
      `SELECT user_id, firstname, language, contact_phone, ussd_pin_hash, ussd_pin_failures, ussd_locked_until FROM users WHERE user_id = $1 AND deleted_at IS NULL`,
      [principal.userId],
    )) as PinRow[];
    if (!rows[0]) throw forbidden();
    return rows[0];
  }
}
