import type { AppointmentView } from '@afya/appointment-service/contracts';
import { Alert, Button, Card, Form } from 'antd';
import { useEffect, useState } from 'react';
import { queryStatus } from 'shell/api-client';
import { useSession } from 'shell/session';
import { translateMessage } from 'shell/i18n';
import { ErrorState, toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { doctorFullName, doctorsLoadError, useDoctors, type Doctor } from '../../api/doctors';
import { BOOKED_TEXT, LOGIN_TO_BOOK, isDateDisabled, preselectedDoctor, toBookPayload, type BookingFormValues } from '../../shared/booking/booking.rules';
import { DateSlotFields } from '../../shared/booking/DateSlotFields';
import { DoctorTypeFields } from './components/DoctorTypeFields';
import { CoverField } from './components/CoverField';
import { PatientField } from './components/PatientField';
import { ReasonField } from './components/ReasonField';
import { useAvailability } from '../../shared/booking/useAvailability';
import { JoinWaitlistPanel } from '../../shared/waitlist/JoinWaitlistPanel';
import { bookingProblem, useBookAppointment } from './useBookAppointment';

const NO_DOCTORS: Doctor[] = [];
/** A submit with something missing scrolls to the first field that says so and moves focus into it. */
const FIRST_ERROR = { focus: true, block: 'center' } as const;

/**
 * The booking form: doctor and type, date and slot, reason. Data comes from the hooks (doctors,
 * availability, booking); this component wires them to the fields and says what happened.
 */
export function BookingForm({ preselect, onBooked }: { preselect: string | null; onBooked: (appointment: AppointmentView, doctorName: string) => void }) {
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<BookingFormValues>();
  const doctorsQuery = useDoctors();
  const doctors = doctorsQuery.data ?? NO_DOCTORS;
  const [signedOut, setSignedOut] = useState(false);
  const { t } = usePatientTranslation();

  const doctorId = Form.useWatch('doctor_id', form);
  const type = Form.useWatch('appointment_type', form);
  const date = Form.useWatch('appointment_date', form)?.format('YYYY-MM-DD');
  const patient = Form.useWatch('patient', form);
  const doctor = doctors.find((d) => d.doctor_id === doctorId);
  const slots = useAvailability(doctorId, date);
  const booking = useBookAppointment();

  // ?doctor_id= picks the doctor once the list shows it is a bookable one (unless the patient already chose).
  const preselectedId = preselectedDoctor(preselect, doctors);
  useEffect(() => {
    if (preselectedId && !form.getFieldValue('doctor_id')) form.setFieldValue('doctor_id', preselectedId);
  }, [form, preselectedId]);

  const onValuesChange = (changed: Partial<BookingFormValues>) => {
    if ('doctor_id' in changed || 'appointment_date' in changed) form.setFieldValue('time_slot', undefined);
    // Another doctor or patient: the covers offered change, so the choice goes back to paying oneself.
    if ('doctor_id' in changed || 'patient' in changed) form.setFieldValue('cover', 'self');
    if ('doctor_id' in changed) {
      // A date the newly chosen doctor does not work on is cleared.
      const picked = form.getFieldValue('appointment_date') as BookingFormValues['appointment_date'];
      const next = doctors.find((d) => d.doctor_id === changed.doctor_id);
      if (picked && isDateDisabled(picked.format('YYYY-MM-DD'), next)) form.setFieldValue('appointment_date', null);
    }
    // Any change answers the last failure (a conflict or an error): stop showing it.
    if (booking.error) booking.reset();
    setSignedOut(false);
  };

  const onFinish = (values: BookingFormValues) => {
    if (!user) {
      setSignedOut(true);
      toast.error(LOGIN_TO_BOOK);
      return;
    }
    booking.mutate(toBookPayload(values, doctor), {
      onSuccess: (appointment) => {
        toast.success(BOOKED_TEXT);
        onBooked(appointment, doctor ? doctorFullName(doctor) : t('booking.yourDoctor'));
      },
      onError: (err) => {
        const { conflict, message } = bookingProblem(err);
        toast.error(message);
        // Someone took the slot meanwhile: the slots are fetched again; everything else the patient entered stays.
        if (conflict) form.setFieldValue('time_slot', undefined);
      },
    });
  };

  const problem = booking.problem;
  const doctorsError = queryStatus(doctorsQuery).failed ? doctorsLoadError(doctorsQuery.error) : null;
  return (
    <Card title={t('booking.details')}>
      {doctorsError ? <ErrorState message={doctorsError} onRetry={() => void doctorsQuery.refetch()} /> : null}
      {signedOut ? <Alert type="error" showIcon role="alert" title={translateMessage(LOGIN_TO_BOOK)} style={{ marginBottom: 16 }} /> : null}
      {problem && !problem.conflict ? <Alert type="error" showIcon role="alert" title={translateMessage(problem.message)} style={{ marginBottom: 16 }} /> : null}
      <Form<BookingFormValues> form={form} layout="vertical" onFinish={onFinish} onValuesChange={onValuesChange} requiredMark={false} scrollToFirstError={FIRST_ERROR}>
        <PatientField enabled={!!user && user.role === 'user'} />
        <DoctorTypeFields doctors={doctors} loading={doctorsQuery.isFetching && !doctorsQuery.data} doctor={doctor} type={type} />
        <DateSlotFields
          doctor={doctor}
          date={date}
          availability={slots.availability}
          loading={slots.loading}
          error={slots.error}
          onRetry={slots.retry}
          conflict={problem?.conflict ? translateMessage(problem.message) : null}
        />
        <ReasonField />
        <CoverField enabled={!!user && user.role === 'user'} doctor={doctor} type={type} date={date} memberId={typeof patient === 'number' ? patient : undefined} />
        {/* no free time that day: the doctor's waitlist, for that day and the next ones */}
        {doctor && date && user && slots.availability?.bookable_date && !slots.availability.slots.some((s) => s.available) ? (
          <JoinWaitlistPanel key={`${doctor.doctor_id}:${date}`} form={form} doctor={doctor} date={date} />
        ) : null}
        <Button type="primary" htmlType="submit" size="large" loading={booking.isPending} block>
          {booking.isPending ? t('booking.booking') : t('booking.submit')}
        </Button>
      </Form>
    </Card>
  );
}
