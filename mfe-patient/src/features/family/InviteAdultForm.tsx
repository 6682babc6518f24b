import { ADULT_RELATIONSHIPS, FAMILY_SCOPES, type FamilyScope } from '@afya/auth-service/contracts/family';
import { Alert, Button, Card, Checkbox, Form, Input, Select } from 'antd';
import { errorText } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { usePatientTranslation } from '../../i18n';
import { useInvite } from './api';
import { relationshipLabel, scopeLabel } from './family.logic';

interface InviteValues {
  phone: string;
  relationship: (typeof ADULT_RELATIONSHIPS)[number];
  scopes: FamilyScope[];
}

/**
 * Invite another adult by phone, with what the patient asks to do for them. The answer is "Invitation sent" whether or
 * not the phone has an Afya account: the page says so, and never who the phone belongs to.
 */
export function InviteAdultForm() {
  const { t } = usePatientTranslation();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInvite();
  const onFinish = (values: InviteValues) =>
    invite.mutate(
      { phone: values.phone.trim(), relationship: values.relationship, scopes: values.scopes },
      {
        onSuccess: () => {
          toast.success(t('family.invite.sent'));
          form.resetFields();
        },
      },
    );
  return (
    <Card title={t('family.invite.title')}>
      {invite.isError ? <Alert type="error" showIcon role="alert" title={errorText(invite.error, t('family.failed'))} style={{ marginBottom: 16 }} /> : null}
      <Form<InviteValues> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} initialValues={{ scopes: ['book'] }} onValuesChange={() => invite.isError && invite.reset()}>
        <Form.Item name="phone" label={t('family.invite.phone')} extra={t('family.invite.phoneHint')} rules={[{ required: true, whitespace: true, message: t('family.invite.phoneRequired') }]}>
          <Input type="tel" autoComplete="off" maxLength={20} placeholder="+254 7XX XXX XXX" />
        </Form.Item>
        <Form.Item name="relationship" label={t('family.invite.relationship')} rules={[{ required: true, message: t('family.relationshipRequired') }]}>
          <Select
            aria-label={t('family.invite.relationship')}
            placeholder={t('family.choose')}
            options={ADULT_RELATIONSHIPS.map((value) => ({ value, label: relationshipLabel(value) }))}
          />
        </Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the checkbox group, which its role does not allow. */}
        <Form.Item
          name="scopes"
          label={t('family.invite.scopes')}
          rules={[{ validator: (_, scopes?: FamilyScope[]) => (scopes?.length ? Promise.resolve() : Promise.reject(new Error(t('family.invite.scopesRequired')))) }]}
        >
          <Checkbox.Group options={FAMILY_SCOPES.map((scope) => ({ value: scope, label: scopeLabel(scope) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending} block>
          {t('family.invite.submit')}
        </Button>
      </Form>
    </Card>
  );
}
