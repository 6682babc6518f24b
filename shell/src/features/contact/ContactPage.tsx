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
import { toast } from 'shell/ui-kit';
import { SupportMessages } from '@afya/support-service/contracts/catalog';
import { MSG, emailRule, minLength } from '../auth/validation';
import { CONTACT } from '../public-site/content';
import { submitContactMessage, type ContactMessage } from './contact.api';

export const SUBJECTS: Array<{ value: ContactMessage['subject']; label: string }> = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'appointment', label: 'Appointment Help' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing & Payments' },
  { value: 'complaint', label: 'Complaint' },
  { value: 'other', label: 'Other' },
];

const INFO = [
  { icon: <PhoneOutlined />, title: 'Phone', lines: [<a key="p" href={CONTACT.phoneHref}>{CONTACT.phone}</a>, 'Mon-Fri, 8 AM - 6 PM'] },
  { icon: <MailOutlined />, title: 'Email', lines: [<a key="e" href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>, 'We reply within one business day'] },
  { icon: <EnvironmentOutlined />, title: 'Address', lines: [CONTACT.address] },
  { icon: <ClockCircleOutlined />, title: 'Business Hours', lines: CONTACT.hours },
];

const DEPARTMENTS = [
  { icon: <UserOutlined />, title: 'Patient Support', text: 'Bookings, cancellations and questions about your care.', email: 'support@afya.co.ke' },
  { icon: <FileSearchOutlined />, title: 'Medical Records', text: 'Copies of prescriptions, visit summaries and record corrections.', email: 'records@afya.co.ke' },
  { icon: <ToolOutlined />, title: 'Technical Support', text: 'Trouble signing in, paying or using the dashboard.', email: 'tech@afya.co.ke' },
];

const FAQ = [
  {
    key: 'booking',
    label: 'How do I book an appointment?',
    children: 'Create an account, open Find Doctors, choose a doctor and select a date and free time slot. You can pay right away with M-Pesa or card, or pay later from Appointments.',
  },
  {
    key: 'cancel',
    label: 'Can I cancel or reschedule?',
    children: 'Yes. You can cancel or reschedule up to 24 hours before your appointment from the Appointments page. Within 24 hours, please contact Patient Support.',
  },
  {
    key: 'records',
    label: 'How do I access my medical records?',
    children: 'Sign in and open Medical History in your dashboard. Your appointments and prescriptions are listed there, and prescriptions can be downloaded as PDF.',
  },
  {
    key: 'security',
    label: 'Is my health information secure?',
    children: 'Yes. We apply HIPAA-grade security: encryption in transit and at rest, strict access controls, and an audit of every access to your records, in line with the Kenya Data Protection Act.',
  },
];

export function ContactPage() {
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
          <h1>Contact us</h1>
          <p className="lead">We are here for you. Reach our care team by phone, email, or the form below.</p>
        </div>
      </section>
      <section className="afya-section afya-container">
        <Row gutter={[16, 16]}>
          {INFO.map((c) => (
            <Col xs={24} sm={12} lg={6} key={c.title}>
              <Card className="afya-feature" style={{ height: '100%' }}>
                <div className="afya-feature-icon">{c.icon}</div>
                <Typography.Title level={5}>{c.title}</Typography.Title>
                {c.lines.map((l, i) => (
                  <div key={i}>
                    <Typography.Text type={i === 0 ? undefined : 'secondary'}>{l}</Typography.Text>
                  </div>
                ))}
              </Card>
            </Col>
          ))}
        </Row>

        <Row gutter={[24, 24]} style={{ marginTop: 32 }}>
          <Col xs={24} lg={14}>
            <Card title="Send us a message">
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
                    <Form.Item label="Name" name="name" rules={[minLength(2, MSG.name)]}>
                      <Input placeholder="Your full name" autoComplete="name" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Email" name="email" rules={[emailRule]}>
                      <Input placeholder="you@example.co.ke" type="email" autoComplete="email" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item label="Subject" name="subject" validateFirst rules={[{ required: true, message: MSG.subject }, minLength(5, MSG.subject)]}>
                  <Select placeholder="Choose a subject" options={SUBJECTS} aria-label="Subject" />
                </Form.Item>
                <Form.Item label="Message" name="message" rules={[minLength(10, MSG.message)]}>
                  <Input.TextArea rows={5} placeholder="How can we help?" />
                </Form.Item>
                <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
                  {sending ? 'Sending...' : 'Send Message'}
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title="Find us" styles={{ body: { padding: 0 } }}>
              <div className="afya-map" role="img" aria-label="Map of Afya House, Upper Hill, Nairobi">
                <EnvironmentOutlined style={{ fontSize: 36 }} />
                <div>Afya House, Upper Hill Road</div>
                <small>Interactive map coming soon</small>
              </div>
            </Card>
          </Col>
        </Row>

        <div className="afya-section-head" style={{ marginTop: 48 }}>
          <Typography.Title level={2}>Departments</Typography.Title>
        </div>
        <Row gutter={[16, 16]}>
          {DEPARTMENTS.map((d) => (
            <Col xs={24} md={8} key={d.title}>
              <Card className="afya-feature" style={{ height: '100%' }}>
                <div className="afya-feature-icon">{d.icon}</div>
                <Typography.Title level={5}>{d.title}</Typography.Title>
                <Typography.Paragraph type="secondary">{d.text}</Typography.Paragraph>
                <a href={`mailto:${d.email}`}>
                  <MailOutlined /> {d.email}
                </a>
              </Card>
            </Col>
          ))}
        </Row>

        <div className="afya-section-head" style={{ marginTop: 48 }}>
          <Typography.Title level={2}>Frequently asked questions</Typography.Title>
        </div>
        <Collapse items={FAQ} defaultActiveKey={['booking']} style={{ maxWidth: 860, margin: '0 auto' }} />
      </section>
    </>
  );
}
