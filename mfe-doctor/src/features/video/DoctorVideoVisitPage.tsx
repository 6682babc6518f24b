import { FileAddOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from 'shell/ui-kit';
import { VideoCallScreen, videoApi } from 'shell/video-kit';
import { PatientHistory } from '../../shared/PatientHistory';
import { useDoctorTranslation } from '../../i18n';

/**
 * /dashboard/video/:appointmentId: the doctor's side of a video visit, with the patient's medical history beside the
 * call and Write Prescription for this appointment in a new tab (the call keeps running in this one).
 */
export function DoctorVideoVisitPage() {
  const { t } = useDoctorTranslation();
  const { appointmentId } = useParams();
  const id = Number(appointmentId);
  const navigate = useNavigate();
  useDocumentTitle(t('visit.title'));
  // The same session the call screen opens (cached): who the patient is, for their history.
  const session = useQuery({ queryKey: ['video', 'session', id], queryFn: () => videoApi.session(id), retry: false, staleTime: 60_000 });
  const patientId = session.data?.patient_user_id;
  const aside = (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('visit.during')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            block
            href={`/dashboard/doctor/write-prescription?appointment_id=${id}`}
            target="_blank"
            rel="noopener"
          >
            {t('visit.write')}
          </Button>
          <Button icon={<HistoryOutlined />} block href="/dashboard/doctor/medical-history" target="_blank" rel="noopener">
            {t('visit.history')}
          </Button>
          <Typography.Text type="secondary">{t('visit.leaving')}</Typography.Text>
        </Space>
      </Card>
      {patientId ? <PatientHistory userId={patientId} appointmentId={id} /> : null}
    </Space>
  );
  return <VideoCallScreen appointmentId={id} onLeave={() => navigate('/dashboard/doctor/appointments')} aside={session.data ? aside : undefined} />;
}
