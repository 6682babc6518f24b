import { CheckCircleOutlined, HeartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { FEATURE_ICONS } from './feature-icons';
import { FEATURES, SPECIALTIES } from './content';

const WHY = [
  'Licensed, verified doctors in 50+ specialties',
  'Transparent fees in Ksh, shown before you book',
  'Pay with M-Pesa or card, with receipts for your insurer',
  'Digital prescriptions you can download anytime',
  'Video consultations for follow-ups from home',
  'A real care team, reachable 24/7',
];

export function ServicesPage() {
  return (
    <>
      <section className="afya-page-hero">
        <div className="afya-container">
          <h1>Our services</h1>
          <p className="lead">From a routine check-up to specialist care, everything starts with one booking.</p>
        </div>
      </section>
      <section className="afya-section afya-container">
        <Row gutter={[20, 20]}>
          {FEATURES.map((f) => (
            <Col xs={24} sm={12} lg={8} key={f.key}>
              <Card className="afya-feature" hoverable>
                <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
                <Typography.Title level={4}>{f.title}</Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  {f.text}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <section className="afya-section afya-soft">
        <div className="afya-container">
          <div className="afya-section-head">
            <Typography.Title level={2}>Specialties</Typography.Title>
            <Typography.Paragraph type="secondary">Specialists you can book today.</Typography.Paragraph>
          </div>
          <Row gutter={[12, 12]}>
            {SPECIALTIES.map((s) => (
              <Col xs={12} sm={8} lg={6} key={s}>
                <Card size="small" className="afya-specialty">
                  <HeartOutlined style={{ color: '#0f766e' }} /> {s}
                </Card>
              </Col>
            ))}
          </Row>
        </div>
      </section>
      <section className="afya-section afya-container">
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={12}>
            <Typography.Title level={2}>Why choose Afya</Typography.Title>
            <ul className="afya-checklist">
              {WHY.map((w) => (
                <li key={w}>
                  <CheckCircleOutlined /> {w}
                </li>
              ))}
            </ul>
          </Col>
          <Col xs={24} md={12}>
            <Card className="afya-feature-cta">
              <Tag color="gold">From Ksh 800</Tag>
              <Typography.Title level={3} style={{ color: 'inherit' }}>
                Your first consultation, booked in under two minutes
              </Typography.Title>
              <Link to="/register">
                <Button size="large">Create a free account</Button>
              </Link>
            </Card>
          </Col>
        </Row>
      </section>
    </>
  );
}
