import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useRelatedAppointmentOptions } from './support.api';
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Who will read the ticket, as the form tells its author: the support team always; a patient's doctor only when the
 * ticket is linked to an appointment with them, and only while they are caring for the patient (the visit confirmed,
 * from shortly before it until some time after it is completed).
 */
export function ticketReaders(doctor: string | null): string {
  if (!doctor) return 'Only the Afya support team will read this ticket.';
  return `The Afya support team and ${doctor}, the doctor of this appointment, will read this ticket while you are in their care (once the visit is confirmed).`;
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
  const [form] = Form.useForm<CreateTicketPayload>();
  const appointments = useRelatedAppointmentOptions(open);
  const relatedId = Form.useWatch('related_appointment_id', form);
  const related = appointments.data?.find((a) => a.value === relatedId);
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
      title={ticket ? 'Edit Ticket' : 'New Support Ticket'}
      okText={ticket ? 'Save Changes' : 'Create Ticket'}
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
        <Form.Item label="Title" name="subject" rules={[{ required: true, whitespace: true, message: SupportMessages.subjectRequired }]}>
          <Input maxLength={SUBJECT_MAX_LENGTH} placeholder="Briefly, what is it about?" />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[{ required: true, whitespace: true, message: SupportMessages.descriptionRequired }]}>
          <Input.TextArea rows={4} maxLength={DESCRIPTION_MAX_LENGTH} placeholder="Tell us what happened" />
        </Form.Item>
        <Form.Item label="Category" name="category">
          <Select aria-label="Category" options={TICKET_CATEGORIES.map((c) => ({ value: c, label: capitalise(c) }))} />
        </Form.Item>
        <Form.Item label="Priority" name="priority">
          <Select aria-label="Priority" options={TICKET_PRIORITIES.map((p) => ({ value: p, label: capitalise(p) }))} />
        </Form.Item>
        <Form.Item label="Related appointment (optional)" name="related_appointment_id">
          <Select
            aria-label="Related appointment"
            allowClear
            placeholder={appointments.isPending ? 'Loading appointments...' : 'None'}
            options={appointments.data ?? []}
            notFoundContent="No appointments"
          />
        </Form.Item>
        <Alert type="info" showIcon role="note" data-testid="ticket-readers" title={ticketReaders(related?.doctor ?? null)} />
      </Form>
    </Modal>
  );
}
