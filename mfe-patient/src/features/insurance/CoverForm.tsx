import { COVER_PRIORITIES, COVER_RELATIONSHIPS } from '@afya/appointment-service/contracts/insurance';
import { coverWarnings } from '@afya/appointment-service/contracts/insurance-rules';
import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { type Cover, type CoverInput, type Payer, useAddCover, useUpdateCover } from '../../api/insurance';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Add or change a cover: payer, member number, scheme, relationship to the principal member (their name and number
 * when not self), valid until and priority. An SHA number not shaped like a CR number is kept; the form says so before
 * saving, as the server does after (only SHA can say it is wrong).
 */
export function CoverForm({ payers, editing, onDone }: { payers: Payer[]; editing: Cover | null; onDone: () => void }) {
  const { t } = usePatientTranslation();
  const [form] = Form.useForm<CoverInput>();
  const add = useAddCover();
  const update = useUpdateCover();
  const saving = editing ? update : add;
  const relationship = Form.useWatch('relationship', form) ?? 'self';
  const payerId = Form.useWatch('payer_id', form);
  const memberNumber = Form.useWatch('member_number', form) ?? '';
  const payer = payers.find((p) => p.payer_id === payerId);
  const warning = payer && memberNumber.trim().length >= 2 ? coverWarnings(payer.kind, memberNumber)[0] : undefined;

  useEffect(() => {
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing, scheme: editing.scheme ?? '', valid_until: editing.valid_until ?? '' });
  }, [editing, form]);

  const onFinish = (values: CoverInput) => {
    const input = { ...values, member_number: values.member_number.trim(), relationship: values.relationship ?? 'self' };
    const done = (reply: unknown) => {
      const saved = (reply as { cover: Cover }).cover;
      toast.success(t('insurance.saved'));
      if (saved.warnings.length) toast.info(t('insurance.crWarning'));
      form.resetFields();
      onDone();
    };
    if (editing) update.mutate({ id: editing.cover_id, ...input }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  };

  return (
    <Card title={editing ? t('insurance.form.editTitle') : t('insurance.form.addTitle')} style={{ marginBottom: 16 }}>
      {saving.isError ? <Alert type="error" showIcon role="alert" title={errorText(saving.error, t('insurance.failed'))} style={{ marginBottom: 16 }} /> : null}
      <Form<CoverInput> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} onValuesChange={() => saving.isError && saving.reset()}>
        <Form.Item name="payer_id" label={t('insurance.form.payer')} rules={[{ required: true, message: t('insurance.form.payerRequired') }]}>
          <Select aria-label={t('insurance.form.payer')} placeholder={t('insurance.form.choose')} options={payers.map((p) => ({ value: p.payer_id, label: p.name }))} />
        </Form.Item>
        <Form.Item
          name="member_number"
          label={t('insurance.form.memberNumber')}
          extra={payer?.kind === 'sha' ? t('insurance.form.crHint') : undefined}
          rules={[{ required: true, whitespace: true, min: 2, max: 40, message: t('insurance.form.memberNumberRequired') }]}
        >
          <Input autoComplete="off" maxLength={40} />
        </Form.Item>
        {warning ? <Alert type="warning" showIcon title={t('insurance.crWarning')} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="scheme" label={t('insurance.form.scheme')}>
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="relationship" label={t('insurance.form.relationship')} initialValue="self">
          <Select aria-label={t('insurance.form.relationship')} options={COVER_RELATIONSHIPS.map((value) => ({ value, label: t(`insurance.relationship.${value}`) }))} />
        </Form.Item>
        {relationship !== 'self' ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Form.Item name="principal_name" label={t('insurance.form.principalName')} rules={[{ required: true, whitespace: true, min: 2, message: t('insurance.form.principalRequired') }]}>
              <Input autoComplete="off" maxLength={100} />
            </Form.Item>
            <Form.Item name="principal_member_number" label={t('insurance.form.principalNumber')} rules={[{ required: true, whitespace: true, min: 2, message: t('insurance.form.principalRequired') }]}>
              <Input autoComplete="off" maxLength={40} />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item
          name="valid_until"
          label={t('insurance.form.validUntil')}
          rules={[{ validator: (_, value?: string) => (!value || DATE.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('insurance.form.dateFormat')))) }]}
        >
          <Input placeholder="YYYY-MM-DD" inputMode="numeric" autoComplete="off" maxLength={10} />
        </Form.Item>
        <Form.Item name="priority" label={t('insurance.form.priority')} initialValue="primary">
          <Select aria-label={t('insurance.form.priority')} options={COVER_PRIORITIES.map((value) => ({ value, label: t(`insurance.priority.${value}`) }))} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving.isPending}>
            {t('insurance.form.save')}
          </Button>
          {editing ? <Button onClick={onDone}>{t('insurance.form.cancel')}</Button> : null}
        </Space>
      </Form>
    </Card>
  );
}
