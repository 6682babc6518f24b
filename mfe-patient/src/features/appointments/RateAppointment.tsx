import { StarOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Rate, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { useRateAppointment, type Appointment } from './api';

const LABELS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** 1-5 stars with an optional comment on a Completed appointment; read-only once rated. */
export function RateAppointment({ appointment, onRated }: { appointment: Appointment; onRated: (rating: number, comment?: string) => void }) {
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useRateAppointment();

  if (appointment.rating) {
    return (
      <span aria-label={`You rated this visit ${appointment.rating} of 5`} style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text type="secondary">Your rating</Typography.Text>
        <Rate disabled value={appointment.rating} style={{ fontSize: 14 }} />
      </span>
    );
  }

  const save = () => {
    if (rating < 1) {
      setError('Please choose 1 to 5 stars.');
      return;
    }
    setError(null);
    rate.mutate(
      { id: appointment.appointment_id, rating, comment },
      {
        onSuccess: () => {
          toast.success('Thank you for your rating!');
          onRated(rating, comment.trim() || undefined);
          setOpen(false);
        },
        onError: (e) => setError(errorText(e, 'Failed to save rating')),
      },
    );
  };

  return (
    <>
      <Button icon={<StarOutlined />} onClick={() => setOpen(true)}>
        Rate Visit
      </Button>
      <Modal
        open={open}
        title="Rate your visit"
        okText="Submit Rating"
        onOk={save}
        confirmLoading={rate.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Your rating" required validateStatus={error ? 'error' : undefined} help={error ?? (rating ? LABELS[rating - 1] : 'Choose 1 to 5 stars')}>
            <Rate value={rating} onChange={setRating} tooltips={LABELS} aria-label="Rating, 1 to 5 stars" />
          </Form.Item>
          <Form.Item label="Comment (optional)">
            <Input.TextArea rows={3} maxLength={500} showCount value={comment} onChange={(e) => setComment(e.target.value)} aria-label="Comment (optional)" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
