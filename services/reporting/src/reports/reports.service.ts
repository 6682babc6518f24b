import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { format } from 'fast-csv';
import { headers as natsHeaders, Msg, NatsConnection, Subscription } from 'nats';
import { DataSource, QueryRunner } from 'typeorm';
import { badRequest, busNamespace, NATS_CONNECTION, Principal, recordEvent } from '@afya/service-shared';
import {
  OpenReportPayload,
  REPORT_END_HEADER,
  REPORT_ERROR_HEADER,
  REPORT_EXPORT_PART_SIZE,
  REPORT_LANGUAGES,
  REPORT_TYPES,
  ReportLanguage,
  ReportExportedData,
  ReportingEvents,
  ReportingMessages,
  ReportOpenReply,
  ReportType,
} from '../../contracts';
import { assertAdmin } from '../analytics/analytics.service';
import { csvCell, isCalendarDate } from '../rules/csv.rules';
import { headerRow, REPORTS } from './report-definitions';

/** Bytes per reply: well under NATS's 1 MB message cap. */
const CHUNK_BYTES = 256 * 1024;
/** A stream nobody pulls from for this long is closed (the browser went away). */
const IDLE_MS = Number(process.env.REPORT_IDLE_MS ?? 30_000);
/**
 * The cursor is one statement for the whole download, so the pool's statement_timeout (15 s, meant for RPC work)
 * cancelled a 1,000,000-row report midway (issue 12's bench); the report's own transaction gets this instead.
 */
const STATEMENT_TIMEOUT_MS = Number(process.env.REPORT_STATEMENT_TIMEOUT_MS ?? 30 * 60_000);
/** Rows per FETCH from the report's cursor. */
const FETCH_ROWS = 1000;

interface ArrayRowsClient {
  query(config: { text: string; values?: unknown[]; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/**
 * The report's rows from a server-side cursor (DECLARE … CURSOR, then FETCH): PostgreSQL plans a cursor for its
 * first rows (cursor_tuple_fraction), so a 1,000,000-row report streams from the first row in primary-key order.
 * The protocol-level portal pg-query-stream opened was planned for the whole result instead (hash joins, then a
 * sort of every row): its first byte came after 9 s at issue 12's scale.
 */
async function* cursorRows(client: ArrayRowsClient, sql: string, params: unknown[]): AsyncGenerator<unknown[]> {
  await client.query({ text: `DECLARE report NO SCROLL CURSOR FOR ${sql}`, values: params, rowMode: 'array' });
  for (;;) {
    const { rows } = await client.query({ text: `FETCH ${FETCH_ROWS} FROM report`, rowMode: 'array' });
    if (!rows.length) return;
    yield* rows;
  }
}

export interface ReportRequest {
  report: ReportType;
  from: string | null;
  to: string | null;
  lang: ReportLanguage;
}

/** Validates the report name, the optional inclusive day range and the header row's language. */
export function reportRequest(payload: OpenReportPayload): ReportRequest {
  if (!(REPORT_TYPES as readonly string[]).includes(payload?.report)) throw badRequest(ReportingMessages.report);
  const from = payload.from || null;
  const to = payload.to || null;
  if ((from && !isCalendarDate(from)) || (to && !isCalendarDate(to))) throw badRequest(ReportingMessages.date);
  if (from && to && from > to) throw badRequest(ReportingMessages.dateOrder);
  const lang = payload.lang ?? 'en';
  if (!(REPORT_LANGUAGES as readonly unknown[]).includes(lang)) throw badRequest(ReportingMessages.lang);
  return { report: payload.report, from, to, lang };
}

/**
 * A CSV report streamed from a PostgreSQL cursor (pg-query-stream) through fast-csv to whoever pulls it over
 * NATS: each request on the stream's own subject gets the next chunk, so the reader's pace is the cursor's
 * pace and no process ever holds the whole report.
 */
class ReportStream {
  private runner?: QueryRunner;
  private source?: Readable;
  private iterator?: AsyncIterator<Buffer | string>;
  private idle?: NodeJS.Timeout;
  private rows = 0;
  private closed = false;
  private pulling = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly request: ReportRequest,
    private readonly auditId: string,
    private readonly subscription: Subscription,
    private readonly onClose: () => void,
  ) {
    this.touch();
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.close('idle'), IDLE_MS);
    this.idle.unref?.();
  }

  private async open(): Promise<AsyncIterator<Buffer | string>> {
    const definition = REPORTS[this.request.report];
    const filtered = Boolean(this.request.from || this.request.to);
    const params = filtered ? [this.request.from ?? '1900-01-01', this.request.to ?? '9999-12-30'] : [];
    this.runner = this.dataSource.createQueryRunner('slave');
    const client = (await this.runner.connect()) as ArrayRowsClient;
    // The cursor lives in this transaction; JIT compilation only delays the first rows of a streamed read.
    await this.runner.query('BEGIN READ ONLY');
    await this.runner.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(STATEMENT_TIMEOUT_MS))}`);
    await this.runner.query('SET LOCAL jit = off');
    const rows = (this.source = Readable.from(cursorRows(client, definition.sql(filtered), params), { highWaterMark: FETCH_ROWS }));
    // The header row is written as the first row (fast-csv writes configured headers only once a row comes,
    // and an empty report must still say what its columns are).
    let header = true;
    const csv = format<unknown[], unknown[]>({ includeEndRowDelimiter: true }).transform((row: unknown[]) => {
      if (header) {
        header = false;
        return row;
      }
      this.rows += 1;
      return row.map(csvCell);
    });
    csv.write(headerRow(definition, this.request.lang));
    rows.on('error', (error) => csv.destroy(error));
    rows.pipe(csv);
    return csv[Symbol.asyncIterator]();
  }

  /** Answers one pull: the next chunk, or the end (with the row count), or the error. */
  pull(message: Msg): void {
    this.touch();
    this.pulling = this.pulling.then(() => this.answer(message));
  }

  private async answer(message: Msg): Promise<void> {
    if (this.closed) return void message.respond(new Uint8Array(), { headers: header(REPORT_ERROR_HEADER, ReportingMessages.reportGone) });
    try {
      this.iterator ??= await this.open();
      const parts: Buffer[] = [];
      let size = 0;
      while (size < CHUNK_BYTES) {
        const next = await this.iterator.next();
        if (next.done) break;
        const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
        parts.push(chunk);
        size += chunk.length;
      }
      if (size === 0) {
        message.respond(new Uint8Array(), { headers: header(REPORT_END_HEADER, String(this.rows)) });
        await this.close('done');
        return;
      }
      message.respond(Buffer.concat(parts, size));
    } catch (error) {
      message.respond(new Uint8Array(), { headers: header(REPORT_ERROR_HEADER, (error as Error).message || 'Report failed') });
      await this.close('failed');
    }
  }

  async close(reason: 'done' | 'idle' | 'failed' | 'shutdown'): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.idle);
    this.subscription.unsubscribe();
    await this.iterator?.return?.().catch(() => undefined);
    this.source?.destroy();
    if (this.runner) await this.runner.query('COMMIT').catch(() => undefined);
    await this.runner?.release().catch(() => undefined);
    await this.dataSource
      .query(`UPDATE report_downloads SET rows_sent = $2, finished_at = now(), outcome = $3 WHERE id = $1`, [this.auditId, this.rows, reason])
      .catch(() => undefined);
    this.onClose();
  }
}

function header(name: string, value: string) {
  const h = natsHeaders();
  h.set(name, value.replace(/[\r\n]/g, ' '));
  return h;
}

@Injectable()
export class ReportsService implements OnApplicationShutdown {
  private readonly logger = new Logger('ReportsService');
  private readonly streams = new Set<ReportStream>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  /**
   * The download's audit, committed before any row leaves: who, which report, which days (report_downloads), and
   * the patients whose rows it holds, as report.exported events (outbox, same transaction) that the prescription
   * service turns into entries of each patient's access log.
   */
  private recordDownload(principal: Principal, request: ReportRequest, params: unknown[]): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [{ id }]: { id: string }[] = await manager.query(
        `INSERT INTO report_downloads (report, actor_user_id, from_date, to_date) VALUES ($1, $2, $3, $4) RETURNING id`,
        [request.report, principal.userId, request.from, request.to],
      );
      const rows: Record<string, unknown>[] = await manager.query(REPORTS[request.report].patientsSql(params.length > 0), params);
      const patients = rows.map((r) => Number(Object.values(r)[0])).filter((p) => Number.isInteger(p) && p > 0);
      for (let start = 0; start < patients.length; start += REPORT_EXPORT_PART_SIZE) {
        const data: ReportExportedData = {
          download_id: String(id),
          report: request.report,
          from: request.from,
          to: request.to,
          actor_user_id: principal.userId,
          actor_role: principal.role,
          patient_user_ids: patients.slice(start, start + REPORT_EXPORT_PART_SIZE),
          at: new Date().toISOString(),
        };
        await recordEvent(manager, ReportingEvents.reportExported, data);
      }
      return String(id);
    });
  }

  /** Audits the download (who, which report, which days, whose rows), counts its rows and opens its stream subject. */
  async open(principal: Principal, payload: OpenReportPayload): Promise<ReportOpenReply> {
    assertAdmin(principal);
    const request = reportRequest(payload);
    const filtered = Boolean(request.from || request.to);
    const params = filtered ? [request.from ?? '1900-01-01', request.to ?? '9999-12-30'] : [];
    const [[{ n }], id] = await Promise.all([
      this.dataSource.query(REPORTS[request.report].countSql(filtered), params),
      this.recordDownload(principal, request, params),
    ]);
    const streamSubject = `${busNamespace()}.reporting.stream.${randomUUID()}`;
    const subscription = this.nc.subscribe(streamSubject);
    const stream = new ReportStream(this.dataSource, request, String(id), subscription, () => this.streams.delete(stream));
    this.streams.add(stream);
    void (async () => {
      for await (const message of subscription) stream.pull(message);
    })().catch((error: Error) => this.logger.warn(`report stream stopped: ${error.message}`));
    // The reply leaves on another connection (the service's), so the gateway's first pull could reach the server
    // before this SUB does (503): the round trip makes the server hold the subscription before we answer.
    await this.nc.flush();
    return { subject: streamSubject, filename: `${request.report}-report.csv`, rows: Number(n) };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.streams].map((s) => s.close('shutdown')));
  }
}
