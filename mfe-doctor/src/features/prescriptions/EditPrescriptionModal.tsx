import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { useUpdatePrescription, type PrescriptionView } from '../../api/prescriptions';
import { medicinesValid, trimMedicines } from './medicine-rows';
import { MedicineRows } from './MedicineRows';
import { useDoctorTranslation } from '../../i18n';

/** Edit an issued prescription's medicines and notes (PATCH /prescriptions/{id}). */
export function EditPrescriptionModal({ prescription, onClose }: { prescription: PrescriptionView; onClose: () => void }) {
  const { t } = useDoctorTranslation();
  const [medicines, setMedicines] = useState(prescription.medicines);
  const [notes, setNotes] = useState(prescription.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePrescription();
  const save = () => {
    if (!medicinesValid(medicines)) return setError(t('messages.fillRequired'));
    update.mutate(
      { id: prescription.prescription_id, medicines: trimMedicines(medicines), notes: notes.trim() },
      {
        onSuccess: () => {
          toast.success(t('messages.updated'));
          onClose();
        },
        onError: (e) => setError(errorText(e, t('edit.failed'))),
      },
    );
  };
  return (
    <Modal open title={t('edit.title', { number: prescription.prescription_number })} okText={t('common.saveChanges')} cancelText={t('common.cancel')} onOk={save} onCancel={onClose} confirmLoading={update.isPending} okButtonProps={{ disabled: !medicinesValid(medicines) }} width={760} destroyOnHidden>
      <MedicineRows value={medicines} onChange={setMedicines} />
      <Input.TextArea aria-label={t('write.notes')} rows={3} style={{ marginTop: 12 }} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder={t('write.notes')} maxLength={2000} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
