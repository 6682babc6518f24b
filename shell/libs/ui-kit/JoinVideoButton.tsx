import { VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { canJoinVideoNow, videoVisitPath } from './appointments';

type Joinable = Parameters<typeof canJoinVideoNow>[0] & { appointment_id: number };

/**
 * "Join video visit" on an appointment card, for its patient and its doctor, only while the visit can be joined
 * (canJoinVideoNow: the rule the server enforces). Nothing otherwise.
 */
export function JoinVideoButton({ appointment, now = Date.now() }: { appointment: Joinable; now?: number }) {
  const navigate = useNavigate();
  const { t } = useTranslation('shell');
  if (!canJoinVideoNow(appointment, now)) return null;
  return (
    <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => navigate(videoVisitPath(appointment.appointment_id))}>
      {t('video.join')}
    </Button>
  );
}
