import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from 'shell/ui-kit';
import { VideoCallScreen } from 'shell/video-kit';
import { usePatientTranslation } from '../../i18n';

/** /dashboard/video/:appointmentId: the patient's side of a video visit. */
export function VideoVisitPage() {
  const { t } = usePatientTranslation();
  const { appointmentId } = useParams();
  const navigate = useNavigate();
  useDocumentTitle(t('video.title'));
  return <VideoCallScreen appointmentId={Number(appointmentId)} onLeave={() => navigate('/dashboard/appointments')} />;
}
