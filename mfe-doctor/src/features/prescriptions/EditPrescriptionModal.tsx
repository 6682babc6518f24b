import { Alert, Input, Modal } from 'antd';
import { useState } from 'react';
import { PrescriptionMessages } from '@afya/prescription-service/contracts/catalog';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { useUpdatePrescription, type PrescriptionView } from './api';
import { medicinesValid, trimMedicines } from './medicine-rows';
import { MedicineRows } from './MedicineRows';

/** Edit an issued prescription's medicines and notes (PATCH /prescriptions/{id}). */
export function EditPrescriptionModal({ prescription, onClose }: { prescription: PrescriptionView; onClose: () => void }) {
  const [medicines, setMedicines] = useState(prescription.medicines);
  const [notes, setNotes] = useState(prescription.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePrescription();
  const save = () => {
    if (!medicinesValid(medicines)) return setError(PrescriptionMessages.fillRequired);
    update.mutate(
      { id: prescription.prescription_id, medicines: trimMedicines(medicines), notes: notes.trim() },
      {
        onSuccess: () => {
          toast.success(PrescriptionMessages.updated);
          onClose();
        },
        onError: (e) => setError(errorText(e, 'Failed to update prescription')),
      },
    );
  };
  return (
    <Modal open title={`Edit ${prescription.prescription_number}`} okText="Save Changes" onOk={save} onCancel={onClose} confirmLoading={update.isPending} okButtonProps={{ disabled: !medicinesValid(medicines) }} width={760} destroyOnHidden>
      <MedicineRows value={medicines} onChange={setMedicines} />
      <Input.TextArea aria-label="Notes" rows={3} style={{ marginTop: 12 }} value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Notes" maxLength={2000} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
