import { ClockCircleOutlined, CreditCardOutlined, InfoCircleOutlined, MobileOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, errorText } from 'shell/api-client';
import { useSession } from 'shell/session';
import { APPOINTMENT_TYPES, ErrorState, Money, PageHeader, TIME_SLOTS, bookingFee, bookingWindow, formatKsh, isBookableDate, slotMinutes, toast } from 'shell/ui-kit';
import type { Appointment } from '../appointments/api';
import { availableDays, doctorFee, doctorFullName, fetchDoctors, worksOn, type Doctor } from '../find-doctors/api';
import { doctorsLoadError } from '../find-doctors/FindDoctorsPage';
import { bookAppointment, fetchAvailability, type Slot } from './api';
import { SlotPicker } from './SlotPicker';

export const BOOKED_TEXT = 'Appointment booked successfully! Please proceed with payment.';
export const BOOK_FAILED_TEXT = 'Failed to book appointment. Please try again.';

/** SPEC.md section 5 booking messages. */
export const MESSAGES = {
  doctor: 'Please select a doctor',
  type: 'Please select appointment type',
  date: 'Please select a date',
  time: 'Please select a time',
  reason: 'Please provide a reason (at least 10 characters)',
};

interface FormValues {
  doctor_id?: number;
  appointment_type?: string;
  appointment_date?: Dayjs | null;
  appointment_time?: string;
  reason?: string;
}

interface Booked {
  appointment: Appointment;
  doctor: string;
  date: string;
  time: string;
  type: string;
  amount: number;
}

/** Dates outside tomorrow..30 days ahead (clinic time), or on a day the doctor does not work, cannot be picked. */
export function isDateDisabled(d: Dayjs, doctor?: Doctor | null): boolean {
  const day = d.format('YYYY-MM-DD');
  return !isBookableDate(day) || !worksOn(doctor, day);
}

export function BookAppointmentPage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<FormValues>();

  const [doctors, setDoctors] = useState<Doctor[]>([]);
  const [doctorsLoading, setDoctorsLoading] = useState(true);
  const [doctorsError, setDoctorsError] = useState<string | null>(null);

  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [bookableDate, setBookableDate] = useState(true);
  const [slotsLoading, setSlotsLoading] = useState(false);
  const [slotsError, setSlotsError] = useState<string | null>(null);
  const [slotsReload, setSlotsReload] = useState(0);

  const [conflict, setConflict] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<Booked | null>(null);

  const doctorId = Form.useWatch('doctor_id', form);
  const type = Form.useWatch('appointment_type', form);
  const date = Form.useWatch('appointment_date', form);
  const dateStr = date ? date.format('YYYY-MM-DD') : '';
  const doctor = useMemo(() => doctors.find((d) => d.doctor_id === doctorId), [doctors, doctorId]);
  const fee = doctorFee(doctor);
  const amount = type || fee !== null ? bookingFee(type, fee) : null;

  const preselected = Number(params.get('doctor_id'));

  const loadDoctors = useCallback(() => {
    setDoctorsLoading(true);
    setDoctorsError(null);
    fetchDoctors()
      .then((list) => {
        setDoctors(list);
        if (preselected && list.some((d) => d.doctor_id === preselected) && !form.getFieldValue('doctor_id')) {
          form.setFieldValue('doctor_id', preselected);
        }
      })
      .catch((e) => setDoctorsError(doctorsLoadError(e)))
      .finally(() => setDoctorsLoading(false));
  }, [form, preselected]);
  useEffect(loadDoctors, [loadDoctors]);

  // Slots taken for this doctor and date come from the availability call; reloaded after a 409.
  const seq = useRef(0);
  useEffect(() => {
    if (!doctorId || !dateStr) {
      setSlots(null);
      setSlotsError(null);
      return;
    }
    const mine = ++seq.current;
    setSlotsLoading(true);
    setSlotsError(null);
    fetchAvailability(doctorId, dateStr)
      .then((list) => {
        if (mine !== seq.current) return;
        const sorted = [...list.slots].sort((a, b) => slotMinutes(a.time_slot) - slotMinutes(b.time_slot));
        setSlots(sorted);
        setBookableDate(list.bookable_date);
        const chosen = form.getFieldValue('appointment_time') as string | undefined;
        if (chosen && !sorted.some((s) => s.time_slot === chosen && s.available)) form.setFieldValue('appointment_time', undefined);
      })
      .catch((e) => {
        if (mine !== seq.current) return;
        setSlots(null);
        setSlotsError(errorText(e, 'Failed to load available times'));
      })
      .finally(() => mine === seq.current && setSlotsLoading(false));
  }, [doctorId, dateStr, slotsReload, form]);

  const onValuesChange = (changed: Partial<FormValues>) => {
    if ('doctor_id' in changed || 'appointment_date' in changed) {
      form.setFieldValue('appointment_time', undefined);
      setConflict(null);
    }
    if ('doctor_id' in changed) {
      // A date the newly chosen doctor does not work on is cleared.
      const picked = form.getFieldValue('appointment_date') as Dayjs | null | undefined;
      const next = doctors.find((d) => d.doctor_id === changed.doctor_id);
      if (picked && isDateDisabled(picked, next)) form.setFieldValue('appointment_date', null);
    }
    if ('appointment_time' in changed) setConflict(null);
    setSubmitError(null);
  };

  const onFinish = async (values: FormValues) => {
    if (!user) {
      setSubmitError('Please log in to book an appointment');
      toast.error('Please log in to book an appointment');
      return;
    }
    const d = doctors.find((x) => x.doctor_id === values.doctor_id);
    const total = bookingFee(values.appointment_type, doctorFee(d));
    const day = values.appointment_date!.format('YYYY-MM-DD');
    setSubmitting(true);
    setSubmitError(null);
    setConflict(null);
    try {
      const appointment = await bookAppointment({
        user_id: user.user_id,
        doctor_id: Number(values.doctor_id),
        appointment_date: day,
        time_slot: values.appointment_time!,
        total_amount: total,
        appointment_status: 'Pending',
        notes: values.reason!.trim(),
        appointment_type: values.appointment_type!,
      });
      toast.success(BOOKED_TEXT);
      setBooked({
        appointment,
        doctor: d ? doctorFullName(d) : 'your doctor',
        date: day,
        time: values.appointment_time!,
        type: values.appointment_type!,
        amount: Number(appointment?.total_amount ?? total),
      });
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Someone took the slot meanwhile: say so, refresh the slots, keep everything else the user entered.
        const msg = e.message;
        setConflict(msg);
        toast.error(msg);
        form.setFieldValue('appointment_time', undefined);
        setSlotsReload((n) => n + 1);
      } else {
        const msg = e instanceof ApiError && e.serverMessage ? e.serverMessage : BOOK_FAILED_TEXT;
        setSubmitError(msg);
        toast.error(msg);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate('/dashboard/appointments'));
  const { min, max } = bookingWindow();
  const slotList: Slot[] = slots ?? TIME_SLOTS.map((t) => ({ time_slot: t, available: true }));
  const timeDisabled = !dateStr || !doctorId || slotsLoading || !slots;

  let timeHint = '';
  if (!dateStr) timeHint = 'Pick a date first to see the free times.';
  else if (!doctorId) timeHint = 'Pick a doctor first to see the free times.';
  else if (slots && !bookableDate) timeHint = 'The doctor does not see patients on this date. Please choose another date.';
  else if (slots && !slots.some((s) => s.available)) timeHint = 'No free times on this date. Please choose another date.';
  else if (slots && slots.some((s) => !s.available)) timeHint = 'Crossed-out times are already taken.';

  return (
    <div>
      <PageHeader title="Book Appointment" subtitle="Choose a doctor, a date and a time that suits you." onBack={goBack} />
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={16}>
          {booked ? (
            <PaymentPanel booked={booked} onPayLater={() => navigate('/dashboard/appointments')} />
          ) : (
            <Card title="Appointment details">
              {doctorsError ? <ErrorState message={doctorsError} onRetry={loadDoctors} /> : null}
              {submitError ? <Alert type="error" showIcon role="alert" title={submitError} style={{ marginBottom: 16 }} /> : null}
              <Form<FormValues> form={form} layout="vertical" onFinish={onFinish} onValuesChange={onValuesChange} requiredMark={false} scrollToFirstError>
                <Form.Item name="doctor_id" label="Doctor" rules={[{ required: true, message: MESSAGES.doctor }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={doctorsLoading}
                    placeholder={doctorsLoading ? 'Loading doctors…' : 'Select a doctor'}
                    aria-label="Doctor"
                    options={doctors.map((d) => ({
                      value: d.doctor_id,
                      label: `${doctorFullName(d)}${d.specialization ? ` · ${d.specialization}` : ''}`,
                    }))}
                  />
                </Form.Item>
                <Form.Item name="appointment_type" label="Appointment type" rules={[{ required: true, message: MESSAGES.type }]}>
                  <Select
                    placeholder="Select appointment type"
                    aria-label="Appointment type"
                    options={APPOINTMENT_TYPES.map((t) => ({
                      value: t.type,
                      label: fee === null ? `${t.type} · ${formatKsh(t.fee)}` : t.type,
                    }))}
                  />
                </Form.Item>
                <div data-testid="fee" style={{ margin: '-8px 0 16px' }} aria-live="polite">
                  {amount === null ? (
                    <Typography.Text type="secondary">The fee appears when you pick an appointment type.</Typography.Text>
                  ) : (
                    <Typography.Text>
                      Fee: <Money value={amount} strong />{' '}
                      <Typography.Text type="secondary">
                        {fee !== null && doctor ? `(${doctorFullName(doctor)}'s consultation fee)` : `(default fee for ${type})`}
                      </Typography.Text>
                    </Typography.Text>
                  )}
                </div>
                <Form.Item
                  name="appointment_date"
                  label="Date"
                  rules={[{ required: true, message: MESSAGES.date }]}
                  extra={`From ${dayjs(min).format('D MMM')} to ${dayjs(max).format('D MMM YYYY')}${
                    doctor && availableDays(doctor).length ? `, on ${availableDays(doctor).join(', ')}` : ''
                  }.`}
                >
                  <DatePicker
                    style={{ width: '100%' }}
                    format="ddd, D MMM YYYY"
                    placeholder="Select a date"
                    aria-label="Appointment date"
                    disabledDate={(d) => isDateDisabled(d, doctor)}
                    showToday={false}
                    inputReadOnly
                  />
                </Form.Item>
                <Form.Item label="Time" extra={timeHint || undefined}>
                  {conflict ? <Alert type="warning" showIcon role="alert" title={conflict} style={{ marginBottom: 12 }} /> : null}
                  {slotsError ? (
                    <ErrorState message={slotsError} onRetry={() => setSlotsReload((n) => n + 1)} />
                  ) : null}
                  <Spin spinning={slotsLoading} description="Checking free times…">
                    <Form.Item name="appointment_time" noStyle rules={[{ required: true, message: MESSAGES.time }]}>
                      <SlotPicker slots={slotList} disabled={timeDisabled} id="appointment_time" />
                    </Form.Item>
                  </Spin>
                </Form.Item>
                <Form.Item
                  name="reason"
                  label="Reason for visit"
                  rules={[
                    { validator: (_r, v: string | undefined) => ((v ?? '').trim().length >= 10 ? Promise.resolve() : Promise.reject(new Error(MESSAGES.reason))) },
                  ]}
                >
                  <Input.TextArea rows={4} maxLength={1000} showCount placeholder="Describe your symptoms or the reason for this visit" aria-label="Reason for visit" />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" loading={submitting} block>
                  {submitting ? 'Booking…' : 'Book Appointment'}
                </Button>
              </Form>
            </Card>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <SidePanels />
        </Col>
      </Row>
    </div>
  );
}

function PaymentPanel({ booked, onPayLater }: { booked: Booked; onPayLater: () => void }) {
  const number = booked.appointment?.appointment_id;
  return (
    <Card title="Complete Payment" data-testid="payment-panel">
      <Alert type="success" showIcon title={BOOKED_TEXT} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        {number ? <Descriptions.Item label="Appointment">#{number}</Descriptions.Item> : null}
        <Descriptions.Item label="Doctor">{booked.doctor}</Descriptions.Item>
        <Descriptions.Item label="Date">{dayjs(booked.date).format('dddd, D MMMM YYYY')}</Descriptions.Item>
        <Descriptions.Item label="Time">{booked.time}</Descriptions.Item>
        <Descriptions.Item label="Type">{booked.type}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        Amount due: <Money value={booked.amount} strong style={{ fontSize: 18 }} />
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button icon={<CreditCardOutlined />} disabled aria-describedby="payment-note">
          Pay by Card
        </Button>
        <Button icon={<MobileOutlined />} disabled aria-describedby="payment-note">
          Pay with M-Pesa
        </Button>
        <Button type="primary" onClick={onPayLater}>
          Pay Later
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" id="payment-note" style={{ marginBottom: 0 }}>
        Online payment by card and M-Pesa is being connected and is not available yet. Your appointment is saved as Pending; you
        can pay later from My Appointments.
      </Typography.Paragraph>
    </Card>
  );
}

function SidePanels() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={<span><InfoCircleOutlined style={{ color: '#0f766e', marginRight: 8 }} />Booking Guidelines</span>}>
        <ul style={{ paddingLeft: 18, margin: 0, lineHeight: 1.8 }}>
          <li>Please arrive 15 minutes early for your appointment.</li>
          <li>Cancel at least 24 hours in advance if you cannot make it.</li>
          <li>Bring your ID, insurance card and any previous medical records.</li>
          <li>Your booking stays Pending until the clinic confirms it.</li>
        </ul>
      </Card>
      <Card size="small" title={<span><WarningOutlined style={{ color: '#dc2626', marginRight: 8 }} />Emergency?</span>}>
        <Typography.Paragraph style={{ margin: 0 }}>
          Do not book online for an emergency. Call <a href="tel:999">999</a> or <a href="tel:112">112</a>, or go to the nearest emergency
          department right away.
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={<span><ClockCircleOutlined style={{ color: '#2563eb', marginRight: 8 }} />Office Hours</span>}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px', margin: 0 }}>
          <dt>Monday - Friday</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>8:00 AM - 6:00 PM</dd>
          <dt>Saturday</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>9:00 AM - 2:00 PM</dd>
          <dt>Sunday</dt>
          <dd style={{ margin: 0, textAlign: 'right' }}>Closed</dd>
        </dl>
      </Card>
    </Space>
  );
}
