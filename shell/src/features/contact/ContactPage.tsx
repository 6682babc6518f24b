import {
  ClockCircleOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  MailOutlined,
  PhoneOutlined,
  SendOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Collapse, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { translateMessage, useTranslation } from 'shell/i18n';
import { toast } from 'shell/ui-kit';
import { SupportMessages } from '@afya/support-service/contracts/catalog';
import { MSG, emailRule, minLength } from '../auth/validation';
import { CONTACT } from '../public-site/content';
import { submitContactMessage, type ContactMessage } from './contact.api';

export const SUBJECTS: Array<{ value: ContactMessage['subject']; label: string }> = [
  { value: 'general', label: 'contact.subjects.general' },
  { value: 'appointment', label: 'contact.subjects.appointment' },
  { value: 'technical', label: 'contact.subjects.technical' },
  { value: 'billing', label: 'contact.subjects.billing' },
  { value: 'complaint', label: 'contact.subjects.complaint' },
  { value: 'other', label: 'contact.subjects.other' },
];

const INFO = [
  { icon: <PhoneOutlined />, title: 'contact.cards.phone', lines: [<a key="p" href={CONTACT.phoneHref}>{CONTACT.phone}</a>, 'contact.cards.phoneHours'] },
  { icon: <MailOutlined />, title: 'contact.cards.email', lines: [<a key="e" href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>, 'contact.cards.reply'] },
  { icon: <EnvironmentOutlined />, title: 'contact.cards.address', lines: ['contact.address'] },
  { icon: <ClockCircleOutlined />, title: 'contact.cards.hours', lines: CONTACT.hours },
];

const DEPARTMENTS = [
  { icon: <UserOutlined />, title: 'contact.departments.patient.title', text: 'contact.departments.patient.text', email: 'support@afya.co.ke' },
  { icon: <FileSearchOutlined />, title: 'contact.departments.records.title', text: 'contact.departments.records.text', email: 'records@afya.co.ke' },
  { icon: <ToolOutlined />, title: 'contact.departments.tech.title', text: 'contact.departments.tech.text', email: 'tech@afya.co.ke' },
];

const FAQ = [
  {
    key: 'booking',
    label: 'contact.faq.book.q',
    children: 'contact.faq.book.a',
  },
  {
    key: 'cancel',
    label: 'contact.faq.cancel.q',
    children: 'contact.faq.cancel.a',
  },
  {
    key: 'records',
    label: 'contact.faq.records.q',
    children: 'contact.faq.records.a',
  },
  {
    key: 'security',
    label: 'contact.faq.secure.q',
    children: 'contact.faq.secure.a',
  },
];

export function ContactPage() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<ContactMessage>();
  const [sending, setSending] = useState(false);

  const onFinish = async (values: ContactMessage) => {
    setSending(true);
    try {
      await submitContactMessage({ ...values, name: values.name.trim(), email: values.email.trim(), message: values.message.trim() });
      toast.success(SupportMessages.contactSent);
      form.resetFields();
    } catch (error) {
      // CONTRACT.md §8: the server's message when present (a validation or rate-limit message), else the default.
      toast.error(error instanceof Error && error.message ? error.message : SupportMessages.contactFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <section className="afya-page-hero">
        <div className="afya-container">
          <h1>{t('titles.contact')}</h1>
          <p className="lead">{t('contact.lead')}</p>
        </div>
      </section>
      <section className="afya-section afya-container">
        <Row gutter={[16, 16]}>
          {INFO.map((c) => (
            <Col xs={24} sm={12} lg={6} key={c.title}>
              <Card className="afya-feature" style={{ height: '100%' }}>
                <div className="afya-feature-icon">{c.icon}</div>
                <Typography.Title level={5}>{t(c.title)}</Typography.Title>
                {c.lines.map((l, i) => (
                  <div key={i}>
                    <Typography.Text type={i === 0 ? undefined : 'secondary'}>{typeof l === 'string' ? t(l) : l}</Typography.Text>
                  </div>
                ))}
              </Card>
            </Col>
          ))}
        </Row>

        <Row gutter={[24, 24]} style={{ marginTop: 32 }}>
          <Col xs={24} lg={14}>
            <Card title={t('contact.form.title')}>
              <Form
                form={form}
                layout="vertical"
                onFinish={onFinish}
                requiredMark={false}
                disabled={sending}
                initialValues={{ subject: undefined }}
                validateTrigger={['onSubmit', 'onBlur']}
              >
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item label={t('contact.form.name')} name="name" rules={[minLength(2, MSG.name)]}>
                      <Input placeholder={t('contact.form.namePlaceholder')} autoComplete="name" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label={t('auth.email')} name="email" rules={[emailRule]}>
                      <Input placeholder="you@example.co.ke" type="email" autoComplete="email" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label={t('contact.form.subject')} name="subject" validateFirst rules={[{ required: true, message: translateMessage(MSG.subject) }, minLength(5, MSG.subject)]}>
                  <Select placeholder={t('contact.form.subjectPlaceholder')} options={SUBJECTS.map((o) => ({ value: o.value, label: t(o.label) }))} aria-label={t('contact.form.subject')} />
                </Form.Item>
                <Form.Item label={t('contact.form.message')} name="message" rules={[minLength(10, MSG.message)]}>
                  <Input.TextArea rows={5} placeholder={t('contact.form.messagePlaceholder')} />
                </Form.Item>
                <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
                  {sending ? t('contact.form.sending') : t('contact.form.send')}
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title={t('contact.map.title')} styles={{ body: { padding: 0 } }}>
              <div className="afya-map" role="img" aria-label={t('contact.map.label')}>
                <EnvironmentOutlined style={{ fontSize: 36 }} />
                <div>Afya House, Upper Hill Road</div>
                <small>{t('contact.map.soon')}</small>
              </div>
            </Card>
          </Col>
        </Row>

        <div className="afya-section-head" style={{ marginTop: 48 }}>
          <Typography.Title level={2}>{t('contact.departments.title')}</Typography.Title>
        </div>
        <Row gutter={[16, 16]}>
          {DEPARTMENTS.map((d) => (
            <Col xs={24} md={8} key={d.title}>
              <Card className="afya-feature" style={{ height: '100%' }}>
                <div className="afya-feature-icon">{d.icon}</div>
                <Typography.Title level={5}>{t(d.title)}</Typography.Title>
                <Typography.Paragraph type="secondary">{t(d.text)}</Typography.Paragraph>
                <a href={`mailto:${d.email}`}>
                  <MailOutlined /> {d.email}
                </a>
              </Card>
            </Col>
          ))}
        </Row>

        <div className="afya-section-head" style={{ marginTop: 48 }}>
          <Typography.Title level={2}>{t('contact.faq.title')}</Typography.Title>
        </div>
        <Collapse items={FAQ.map((item) => ({ ...item, label: t(item.label), children: t(item.children) }))} defaultActiveKey={['booking']} style={{ maxWidth: 860, margin: '0 auto' }} />
      </section>
    </>
  );
}
