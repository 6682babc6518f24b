import { MAX_REASON_LENGTH } from '@afya/appointment-service/contracts/catalog';
import { Form, Input } from 'antd';
import { reasonProblem } from '../booking.rules';

/** The reason for the visit (the API's `notes`), with the catalog's length limits. */
export function ReasonField() {
  return (
    <Form.Item
      name="notes"
      label="Reason for visit"
      rules={[{ validator: (_rule, value: string | undefined) => { const problem = reasonProblem(value); return problem ? Promise.reject(new Error(problem)) : Promise.resolve(); } }]}
    >
      <Input.TextArea rows={4} maxLength={MAX_REASON_LENGTH} showCount placeholder="Describe your symptoms or the reason for this visit" aria-label="Reason for visit" />
    </Form.Item>
  );
}
