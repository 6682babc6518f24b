import { Readable } from 'node:stream';
import { Controller, Get, Inject, NotFoundException, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import type { FastifyReply } from 'fastify';
import { Empty, NatsConnection } from 'nats';
import { NATS_CONNECTION, subject } from '@afya/service-shared';
import {
  REPORT_END_HEADER,
  REPORT_ERROR_HEADER,
  REPORT_TYPES,
  ReportingPatterns,
  ReportOpenReply,
  type ReportType,
  ReportQuerySchema,
} from '@afya/reporting-service/contracts';
import { AttendancePatterns, type AttendanceReportReply } from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

export class ReportQuery extends createZodDto(ReportQuerySchema) {}

/** How long one chunk may take to come (a slow cursor page on a big table, a busy service). */
const PULL_TIMEOUT_MS = 30_000;

/**
 * The report's bytes as a Node stream: each read pulls the next chunk from the reporting service's stream
 * subject, so the browser's pace drives the database cursor and the gateway holds one chunk at a time.
 */
export function pullStream(nc: NatsConnection, streamSubject: string): Readable {
  return new Readable({
    highWaterMark: 1,
    read() {
      nc.request(streamSubject, Empty, { timeout: PULL_TIMEOUT_MS }).then(
        (message) => {
          const failed = message.headers?.get(REPORT_ERROR_HEADER);
          if (failed) return this.destroy(new Error(failed));
          if (message.headers?.has(REPORT_END_HEADER)) return this.push(null);
          this.push(Buffer.from(message.data));
        },
        (error: Error) => this.destroy(error),
      );
    },
  });
}

/** CONTRACT.md §7: GET /admin/reports/{appointments|users|revenue|prescriptions}.csv, streamed; attendance.csv (issue 40) in one piece. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/reports')
export class ReportsController {
  constructor(
    private readonly bus: ServiceClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  @ApiOperation({ summary: 'A report as CSV (admins)' })
  @Get(':file')
  async download(
    @Param('file') file: string,
    @Query() query: ReportQuery,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const report = /^([a-z]+)\.csv$/.exec(file)?.[1];
    // Attendance (issue 40) is the appointment service's own record: it answers the CSV's text (a row per doctor and day).
    if (report === 'attendance') {
      const attendance = await this.bus.send<AttendanceReportReply & { csv: string }>(subject(AttendancePatterns.report), { from: query.from, to: query.to, csv: true }, caller);
      reply.header('x-report-rows', String(attendance.days.length));
      return new StreamableFile(Buffer.from(attendance.csv, 'utf8'), {
        type: 'text/csv; charset=utf-8',
        disposition: 'attachment; filename="attendance-report.csv"',
      });
    }
    if (!report || !(REPORT_TYPES as readonly string[]).includes(report)) throw new NotFoundException('Report not found');
    const opened = await this.bus.send<ReportOpenReply>(
      subject(ReportingPatterns.openReport),
      { report: report as ReportType, from: query.from, to: query.to, lang: query.lang },
      caller,
    );
    // The page shows progress as rows received out of this count (the body's length is not known up front).
    reply.header('x-report-rows', String(opened.rows));
    return new StreamableFile(pullStream(this.nc, opened.subject), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${opened.filename}"`,
    });
  }
}
