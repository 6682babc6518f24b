import { Col, Row } from 'antd';
import { useSession } from 'shell/session';
import { ErrorState, PageHeader } from 'shell/ui-kit';
import { useDoctorProfile } from '../../api/doctor-profile';
import { useDoctorTranslation } from '../../i18n';
import { AcceptedPayersCard } from './AcceptedPayersCard';
import { LeaveCard } from './LeaveCard';
import { WeeklyHoursCard } from './WeeklyHoursCard';

/** /dashboard/doctor/hours: the doctor's own weekly hours and leave (issue 37; CONTRACT.md §10.15). */
export function MyHoursPage() {
  const { t } = useDoctorTranslation();
  const userId = useSession((s) => s.user?.user_id);
  const profile = useDoctorProfile(userId);
  const doctorId = profile.data?.doctor_id;
  return (
    <div>
      <PageHeader title={t('hours.title')} subtitle={t('hours.subtitle')} />
      {profile.isError ? <ErrorState message={t('hours.profileFailed')} onRetry={() => void profile.refetch()} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <WeeklyHoursCard doctorId={doctorId} />
        </Col>
        <Col xs={24} xl={10}>
          <LeaveCard doctorId={doctorId} />
          <AcceptedPayersCard doctorId={doctorId} />
        </Col>
      </Row>
    </div>
  );
}
