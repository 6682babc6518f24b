/**
 * The reporting calls' queries, each written once (zod): the gateway validates and documents with them, the admin
 * app takes their types from them.
 */
import { z } from '@afya/service-shared/schema';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, REPORT_LANGUAGES, ReportingMessages } from './catalog';

/** GET /admin/analytics/*: the range in days (7, 30, 90 or 365; written in digits in a query). */
export const RangeQuerySchema = z.object({
  range: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: ReportingMessages.range })
    .pipe(z.literal(ANALYTICS_RANGES, { error: ReportingMessages.range }))
    .optional()
    .meta({ default: DEFAULT_ANALYTICS_RANGE }),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** GET /admin/reports/{file}: first and last day (YYYY-MM-DD, inclusive). */
export const ReportQuerySchema = z.object({
  from: z.string({ error: ReportingMessages.date }).regex(DAY, ReportingMessages.date).optional().meta({ description: 'First day (YYYY-MM-DD, inclusive)' }),
  to: z.string({ error: ReportingMessages.date }).regex(DAY, ReportingMessages.date).optional().meta({ description: 'Last day (YYYY-MM-DD, inclusive)' }),
  lang: z.enum(REPORT_LANGUAGES, { error: ReportingMessages.lang }).optional().meta({ description: 'sw: the header row in Kiswahili (columns and values unchanged)' }),
});
