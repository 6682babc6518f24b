import { StarOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Rate, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { useRateAppointment, type Appointment } from '../../api/appointments';
import { translateMessage } from 'shell/i18n';
import { t as translate, usePatientTranslation } from '../../i18n';

const LABEL_KEYS = ['rate.labels.poor', 'rate.labels.fair', 'rate.labels.good', 'rate.labels.veryGood', 'rate.labels.excellent'];
const labels = () => LABEL_KEYS.map((key) => translate(key));

/** 1-5 stars with an optional comment on a Completed appointment; read-only once rated. */
export function RateAppointment({ appointment, onRated }: { appointment: Appointment; onRated: (rating: number, comment?: string) => void }) {
  const { t } = usePatientTranslation();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateAppointment();

  if (appointment.rating) {
    return (
      <span aria-label={t('rate.rated', { rating: appointment.rating })} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text type="secondary">{t('rate.yours')}</Typography.Text>
        <Rate disabled value={appointment.rating} style={{ fontSize: 14 }} />
      </span>
    );
  }

  const save = () => {
    if (rating < 1) {
      setError(t('rate.choose'));
      return;
    }
    setError(null);
    rate.mutate(
      { id: appointment.appointment_id, rating, comment },
      {
        onSuccess: () => {
          toast.success(t('rate.thanks'));
          onRated(rating, comment.trim() || undefined);
          setOpen(false);
        },
        onError: (e) => setError(translateMessage(errorText(e, 'Failed to save rating'))),
      },
    );
  };

  return (
    <>
      <Button icon={<StarOutlined />} onClick={() => setOpen(true)}>
        {t('rate.button')}
      </Button>
      <Modal
        open={open}
        title={t('rate.title')}
        okText={t('rate.submit')}
        onOk={save}
        confirmLoading={rate.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('rate.yours')} required validateStatus={error ? 'error' : undefined} help={error ?? (rating ? labels()[rating - 1] : t('rate.chooseHint'))}>
            <Rate value={rating} onChange={setRating} tooltips={labels()} aria-label={t('rate.aria')} />
          </Form.Item>
          <Form.Item label={t('rate.comment')}>
            <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)} aria-label={t('rate.comment')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
