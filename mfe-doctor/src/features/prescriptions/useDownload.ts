import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { downloadPrescriptionPdf, type PrescriptionView } from './api';

export function useDownload() {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (p: PrescriptionView) => {
    setDownloading(p.prescription_id);
    try {
      await downloadPrescriptionPdf(p);
      toast.success('Prescription downloaded successfully');
    } catch (error) {
      toast.error(errorText(error, 'Failed to download prescription'));
    } finally {
      setDownloading(null);
    }
  };
  return { downloading, download };
}
