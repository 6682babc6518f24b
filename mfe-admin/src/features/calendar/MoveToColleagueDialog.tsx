import { bookingWindow } from '@afya/appointment-service/contracts/booking-rules';
import { Alert, DatePicker, Empty, Form, Modal, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { errorText } from 'shell/api-client';
import { formatDate, formatSlot, specialtyLabel, translateMessage } from 'shell/i18n';
import { toast } from 'shell/ui-kit';
import { useAdminTranslation } from '../../i18n';
import { type NeedsNewTime, useColleagueSlots, useColleagues, useMoveToColleague } from './api';

const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * An admin moves a visit that needs a new time to a colleague of the same specialization (issue 37): the colleague,
 * a date in the booking window and one of the colleague's free times (their own calendar, as patients see it). The
 * visit keeps its amount and payment. A refusal (the slot taken meanwhile, the colleague's calendar) is said in the
 * dialog and the choice kept.
 */
export function MoveToColleagueDialog({ visit, onClose }: { visit: NeedsNewTime | null; onClose: () => void }) {
  const { t } = useAdminTranslation();
  const { colleagues, isPending: loadingDoctors, isError: doctorsFailed } = useColleagues(visit);
  const [doctorId, setDoctorId] = useState<number | undefined>();
  const [date, setDate] = useState<string | undefined>();
  const [slot, setSlot] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const slots = useColleagueSlots(doctorId, date);
  const move = useMoveToColleague();
  const range = bookingWindow();

  useEffect(() => {
    setDoctorId(undefined);
    setDate(undefined);
    setSlot(undefined);
    setRefusal(null);
  }, [visit]);

  const free = (slots.data?.slots ?? []).filter((s) => s.available);
  const submit = () => {
    if (!visit || doctorId === undefined || !date || !slot) return;
    move.mutate(
      { appointmentId: visit.appointment_id, doctorId, date, slot },
      {
        onSuccess: () => {
          toast.success(t('calendar.moved'));
          onClose();
        },
        onError: (error) => {
          setRefusal(translateMessage(errorText(error, t('calendar.moveFailed')), 'admin'));
          setSlot(undefined);
        },
      },
    );
  };

  return (
    <Modal
      open={visit !== null}
      title={t('calendar.moveTitle')}
      okText={t('calendar.moveOk')}
      cancelText={t('calendar.goBack')}
      onOk={submit}
      okButtonProps={{ disabled: doctorId === undefined || !date || !slot }}
      confirmLoading={move.isPending}
      onCancel={move.isPending ? undefined : onClose}
      destroyOnHidden
    >
      {visit ? (
        <>
          <Typography.Paragraph>
            {t('calendar.moveIntro', {
              patient: visit.patient_full_name ?? t('calendar.patientNumber', { id: visit.user_id }),
              doctor: visit.doctor_name ?? '—',
              when: `${formatDate(visit.appointment_date, 'day')} · ${formatSlot(visit.time_slot)}`,
              specialty: specialtyLabel(visit.specialization) || '—',
            })}
          </Typography.Paragraph>
          {doctorsFailed ? <Alert type="error" showIcon role="alert" title={t('calendar.colleaguesFailed')} style={{ marginBottom: 12 }} /> : null}
          {!loadingDoctors && !doctorsFailed && colleagues.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('calendar.noColleague')} />
          ) : (
            <Form layout="vertical" requiredMark={false}>
              <Form.Item label={t('calendar.colleague')} htmlFor="move-colleague">
                <Select<number>
                  id="move-colleague"
                  aria-label={t('calendar.colleague')}
                  loading={loadingDoctors}
                  value={doctorId}
                  onChange={(id) => {
                    setDoctorId(id);
                    setSlot(undefined);
                    setRefusal(null);
                  }}
                  options={colleagues.map((d) => ({ value: d.doctor_id, label: t('common.doctorName', { name: `${d.first_name} ${d.last_name}`.trim() }) }))}
                />
              </Form.Item>
              <Form.Item label={t('calendar.moveDate')} htmlFor="move-date">
                <DatePicker
                  id="move-date"
                  aria-label={t('calendar.moveDate')}
                  format={DATE_FORMAT}
                  value={date ? dayjs(date, DATE_FORMAT) : null}
                  disabledDate={(d) => d.format(DATE_FORMAT) < range.first || d.format(DATE_FORMAT) > range.last}
                  onChange={(d) => {
                    setDate(d ? d.format(DATE_FORMAT) : undefined);
                    setSlot(undefined);
                    setRefusal(null);
                  }}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item label={t('calendar.moveTime')} htmlFor="move-time" help={doctorId !== undefined && date && slots.data && free.length === 0 ? (slots.data.unavailable ? translateMessage(slots.data.unavailable, 'admin') : t('calendar.noFreeTime')) : undefined}>
                <Select<string>
                  id="move-time"
                  aria-label={t('calendar.moveTime')}
                  disabled={doctorId === undefined || !date}
                  loading={slots.isFetching}
                  value={slot}
                  onChange={(s) => {
                    setSlot(s);
                    setRefusal(null);
                  }}
                  options={free.map((s) => ({ value: s.time_slot, label: formatSlot(s.time_slot) }))}
                />
              </Form.Item>
            </Form>
          )}
          {refusal ? <Alert type="error" showIcon role="alert" title={refusal} /> : null}
          <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('calendar.moveWhat')} />
        </>
      ) : null}
    </Modal>
  );
}
