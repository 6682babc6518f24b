import { t } from '../../i18n';
import { useState } from 'react';
import { toast } from 'shell/ui-kit';
import { downloadReport, type ReportProgress, type ReportType } from './download';

export type { ReportProgress } from './download';

/** One download at a time per page, with its progress; toasts are CONTRACT.md §8's texts. */
export function useReportDownload() {
  const [active, setActive] = useState<ReportType | null>(null);
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const start = async (type: ReportType, range: { from?: string; to?: string }) => {
    setActive(type);
    setProgress({ rows: 0, total: null, bytes: 0 });
    try {
      await downloadReport(type, range, setProgress);
      toast.success(t('reports.downloaded'));
    } catch {
      toast.error(t('reports.failed'));
    } finally {
      setActive(null);
      setProgress(null);
    }
  };
  return { active, progress, start };
}

/** 0-100 when the row count is known, else null (the bar is then indeterminate). */
export function percentOf(progress: ReportProgress | null): number | null {
  if (!progress || !progress.total) return null;
  return Math.min(100, Math.floor((progress.rows / progress.total) * 100));
}
