import type { AppointmentView } from '@afya/appointment-service/contracts';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { BookingForm } from './BookingForm';
import { BookingConfirmation } from '../../shared/booking/BookingConfirmation';
import { BookingGuidelines } from './components/BookingGuidelines';

/** /dashboard/appointments/book: layout only. The form, then the confirmation with payment; guidelines beside. */
export function BookAppointmentPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const { t } = usePatientTranslation();
  const [booked, setBooked] = useState<{ appointment: AppointmentView; doctorName: string } | null>(null);

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/dashboard/appointments'));
  return (
    <div>
      <PageHeader title={t('booking.title')} subtitle={t('booking.subtitle')} onBack={goBack} />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={16}>
          {booked ? (
            <BookingConfirmation appointment={booked.appointment} doctorName={booked.doctorName} onPayLater={() => navigate('/dashboard/appointments')} />
          ) : (
            <BookingForm
              preselect={params.get('doctor_id')}
              onBooked={(appointment, doctorName) => {
                setBooked({ appointment, doctorName });
                window.scrollTo?.({ top: 0, behavior: 'smooth' });
              }}
            />
          )}
        </Col>
        <Col xs={24} lg={8}>
          <BookingGuidelines />
        </Col>
      </Row>
    </div>
  );
}
