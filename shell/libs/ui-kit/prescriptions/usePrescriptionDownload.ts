import { useState } from 'react';
import { downloadBlob, errorText } from 'shell/api-client';
import { toast } from '../toast';

/** What a prescription download needs: its id (the URL) and its number (the file name). */
export interface DownloadablePrescription {
  prescription_id: number;
  prescription_number: string;
}

/** Saves the prescription's PDF as prescription-<number>.pdf. */
export function downloadPrescriptionPdf(p: DownloadablePrescription): Promise<void> {
  return downloadBlob(`prescriptions/${p.prescription_id}/pdf`, `prescription-${p.prescription_number}.pdf`, {
    fallback: 'Failed to download prescription',
  });
}

/** Download PDF with its busy state (the id being downloaded) and the spec's toasts; patients, doctors and admins. */
export function usePrescriptionDownload() {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (p: DownloadablePrescription) => {
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
