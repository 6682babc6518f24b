import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from 'shell/ui-kit';
import { VideoCallScreen } from 'shell/video-kit';

/** /dashboard/video/:appointmentId: the patient's side of a video visit. */
export function VideoVisitPage() {
  const { appointmentId } = useParams();
  const navigate = useNavigate();
  useDocumentTitle('Video visit');
  return <VideoCallScreen appointmentId={Number(appointmentId)} onLeave={() => navigate('/dashboard/appointments')} />;
}
