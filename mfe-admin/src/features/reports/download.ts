import { currentLanguage } from 'shell/i18n';
import type { ReportType as ReportingReportType } from '@afya/reporting-service/contracts';
import { ApiError, getHttp, saveBlob } from 'shell/api-client';

/** The reporting service's CSVs, and attendance (issue 40), the appointment service's own. */
export type ReportType = ReportingReportType | 'attendance';

export interface ReportProgress {
  /** Data rows received so far. */
  rows: number;
  /** Data rows the report holds (the server says so up front), or null when unknown. */
  total: number | null;
  bytes: number;
}

const NEWLINE = 10;

/**
 * GET /admin/reports/{type}.csv?from=&to=, streamed by the server: the progress counts the rows as their bytes
 * arrive (against the X-Report-Rows count), and the file is saved as {type}-report.csv (CONTRACT.md §2).
 */
export async function downloadReport(
  type: ReportType,
  range: { from?: string; to?: string },
  onProgress: (progress: ReportProgress) => void,
): Promise<void> {
  const searchParams: Record<string, string> = {};
  if (range.from) searchParams.from = range.from;
  if (range.to) searchParams.to = range.to;
  // The header row in the reader's language (the columns, their order and the values stay as they are).
  if (currentLanguage() === 'sw') searchParams.lang = 'sw';
  let total: number | null = null;
  let lines = 0;
  let bytes = 0;
  try {
    const response = await getHttp().get(`admin/reports/${type}.csv`, {
      searchParams,
      headers: { Accept: 'text/csv' },
      onDownloadProgress: (_progress, chunk) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === NEWLINE) lines += 1;
        onProgress({ rows: Math.max(lines - 1, 0), total, bytes });
      },
      hooks: {
        afterResponse: [
          (_request, _options, res) => {
            const rows = Number(res.headers.get('x-report-rows'));
            total = Number.isFinite(rows) && res.headers.has('x-report-rows') ? rows : null;
            onProgress({ rows: 0, total, bytes: 0 });
          },
        ],
      },
    });
    saveBlob(await response.blob(), `${type}-report.csv`);
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? 0;
    throw new ApiError('Failed to download report', status);
  }
}

