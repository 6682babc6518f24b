import { Col, Row, Space } from 'antd';
import { useSession } from 'shell/session';
import { ErrorState, PageHeader } from 'shell/ui-kit';
import { useDoctorProfile } from '../../api/doctor-profile';
import { useDoctorTranslation } from '../../i18n';
import { AcceptedPayersCard } from './AcceptedPayersCard';
import { DateOverridesCard } from './DateOverridesCard';
import { LeaveCard } from './LeaveCard';
import { WeeklyHoursCard } from './WeeklyHoursCard';

/** /dashboard/doctor/hours: the doctor's own weekly hours, leave and custom hours for single dates (issue 37; CONTRACT.md §10.15). */
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
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <LeaveCard doctorId={doctorId} />
            <DateOverridesCard doctorId={doctorId} />
            <AcceptedPayersCard doctorId={doctorId} />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
