import { DEPENDANT_CONSENT, DEPENDANT_RELATIONSHIPS, dependantBirthProblem, nairobiDay } from '@afya/auth-service/contracts/family';
import { Alert, Button, Card, Checkbox, Form, Input, Select } from 'antd';
import { errorText } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { useAddDependant } from './api';
import { relationshipLabel } from './family.logic';

interface AddChildValues {
  full_name: string;
  date_of_birth: string;
  relationship: (typeof DEPENDANT_RELATIONSHIPS)[number];
  consent: boolean;
}

/**
 * Add a child: name, date of birth (under 18 today, Nairobi), who the patient is to them, and the consent tick whose
 * wording (DEPENDANT_CONSENT, versioned) the server stores with the time it was given.
 */
export function AddChildForm() {
  const { t } = usePatientTranslation();
  const [form] = Form.useForm<AddChildValues>();
  const add = useAddDependant();
  const onFinish = (values: AddChildValues) =>
    add.mutate(
      { full_name: values.full_name.trim(), date_of_birth: values.date_of_birth.trim(), relationship: values.relationship, consent: true },
      {
        onSuccess: () => {
          toast.success(t('family.child.added', { name: values.full_name.trim() }));
          form.resetFields();
        },
      },
    );
  return (
    <Card title={t('family.child.title')} style={{ marginBottom: 16 }}>
      {add.isError ? <Alert type="error" showIcon role="alert" title={errorText(add.error, t('family.failed'))} style={{ marginBottom: 16 }} /> : null}
      <Form<AddChildValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} onValuesChange={() => add.isError && add.reset()}>
        <Form.Item name="full_name" label={t('family.child.name')} rules={[{ required: true, whitespace: true, min: 2, message: t('family.child.nameRequired') }]}>
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item
          name="date_of_birth"
          label={t('family.child.birth')}
          extra={t('family.child.birthHint')}
          rules={[
            { required: true, message: t('family.child.birthRequired') },
            {
              validator: (_, value: string | undefined) => {
                const problem = value ? dependantBirthProblem(value.trim(), nairobiDay(new Date())) : null;
                return problem ? Promise.reject(new Error(translateMessage(problem))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input placeholder="YYYY-MM-DD" inputMode="numeric" autoComplete="off" maxLength={10} />
        </Form.Item>
        <Form.Item name="relationship" label={t('family.child.relationship')} rules={[{ required: true, message: t('family.relationshipRequired') }]}>
          <Select
            aria-label={t('family.child.relationship')}
            placeholder={t('family.choose')}
            options={DEPENDANT_RELATIONSHIPS.map((value) => ({ value, label: relationshipLabel(value) }))}
          />
        </Form.Item>
        <Form.Item
          name="consent"
          valuePropName="checked"
          rules={[{ validator: (_, checked: boolean) => (checked ? Promise.resolve() : Promise.reject(new Error(t('family.child.consentRequired')))) }]}
        >
          {/* The wording is the versioned text the server stores with the consent (in the page's language here). */}
          <Checkbox data-consent-version={DEPENDANT_CONSENT.version}>{t('family.child.consent')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} block>
          {t('family.child.submit')}
        </Button>
      </Form>
    </Card>
  );
}
