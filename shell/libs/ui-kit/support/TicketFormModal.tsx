import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { i18n, translateMessage, useTranslation } from '../../i18n';
import { relatedAppointmentDoctor, relatedAppointmentLabel, useRelatedAppointmentOptions } from './support.api';
import type { CreateTicketPayload, TicketView } from '@afya/support-service/contracts';
import {
  DEFAULT_CATEGORY,
  DEFAULT_PRIORITY,
  DESCRIPTION_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  SupportMessages,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
} from '@afya/support-service/contracts/catalog';

/** The form's values: a new ticket's fields, with the subject and description its rules require. */
type TicketFormValues = CreateTicketPayload & { subject: string; description: string };

/**
 * Who will read the ticket, as the form tells its author: the support team always; a patient's doctor only when the
 * ticket is linked to an appointment with them, and only while they are caring for the patient (the visit confirmed,
 * from shortly before it until some time after it is completed).
 */
export function ticketReaders(doctor: string | null): string {
  return doctor ? i18n.t('tickets.form.readersDoctor', { ns: 'shell', doctor }) : i18n.t('tickets.form.readersTeam', { ns: 'shell' });
}

/** The create and edit modals (CONTRACT.md §2): title and description required, category general, priority medium. */
export function TicketFormModal({
  open,
  ticket,
  submitting,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  /** The ticket being edited; none for a new one. */
  ticket?: TicketView | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (values: CreateTicketPayload) => void;
}) {
  const [form] = Form.useForm<TicketFormValues>();
  const { t } = useTranslation('shell');
  const appointments = useRelatedAppointmentOptions(open);
  const relatedId = Form.useWatch('related_appointment_id', form);
  const related = appointments.data?.find((a) => a.value === relatedId);
  const appointmentOptions = (appointments.data ?? []).map((a) => ({ value: a.value, label: relatedAppointmentLabel(a) }));
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      ticket
        ? { subject: ticket.subject, description: ticket.description, category: ticket.category, priority: ticket.priority, related_appointment_id: ticket.related_appointment_id }
        : { category: DEFAULT_CATEGORY, priority: DEFAULT_PRIORITY },
    );
  }, [open, ticket, form]);

  return (
    <Modal
      open={open}
      title={ticket ? t('tickets.form.editTitle') : t('tickets.form.newTitle')}
      okText={ticket ? t('tickets.form.save') : t('tickets.form.create')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={submitting}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          onSubmit({ ...values, subject: values.subject.trim(), description: values.description.trim(), related_appointment_id: values.related_appointment_id ?? null })
        }
      >
        <Form.Item label={t('tickets.form.subject')} name="subject" rules={[{ required: true, whitespace: true, message: translateMessage(SupportMessages.subjectRequired) }]}>
          <Input maxLength={SUBJECT_MAX_LENGTH} placeholder={t('tickets.form.subjectPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('tickets.form.description')} name="description" rules={[{ required: true, whitespace: true, message: translateMessage(SupportMessages.descriptionRequired) }]}>
          <Input.TextArea rows={4} maxLength={DESCRIPTION_MAX_LENGTH} placeholder={t('tickets.form.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('tickets.form.category')} name="category">
          <Select aria-label={t('tickets.form.category')} options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets.categories.${c}`) }))} />
        </Form.Item>
        <Form.Item label={t('tickets.form.priority')} name="priority">
          <Select aria-label={t('tickets.form.priority')} options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`status.${p}`) }))} />
        </Form.Item>
        <Form.Item label={t('tickets.form.relatedOptional')} name="related_appointment_id">
          <Select
            aria-label={t('tickets.form.related')}
            allowClear
            placeholder={appointments.isPending ? t('tickets.form.loadingAppointments') : t('tickets.form.none')}
            options={appointmentOptions}
            notFoundContent={t('tickets.form.noAppointments')}
          />
        </Form.Item>
        <Alert type="info" showIcon role="note" data-testid="ticket-readers" title={ticketReaders(related ? relatedAppointmentDoctor(related) : null)} />
      </Form>
    </Modal>
  );
}
