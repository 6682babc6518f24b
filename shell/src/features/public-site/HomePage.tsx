import {
  MailOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  EnvironmentOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { FEATURE_ICONS } from './feature-icons';
import { homeForRole, useSession } from 'shell/session';
import { CONTACT, FEATURES, STATS } from './content';

export function HeroArt() {
  return (
    <div className="afya-hero-art" aria-hidden>
      <div className="afya-hero-card">
        <div className="afya-hero-card-row">
          <span className="dot" /> <strong>Dr. Grace Wanjiku</strong>
        </div>
        <div className="muted">Cardiology · Tue 10:30 AM</div>
        <div className="afya-hero-pill">Confirmed</div>
      </div>
      <div className="afya-hero-card second">
        <div className="muted">M-Pesa payment</div>
        <strong style={{ marginRight: 8 }}>Ksh 2,500</strong>
        <div className="afya-hero-pill paid">Paid</div>
      </div>
      <svg viewBox="0 0 200 200" className="afya-hero-cross">
        <circle cx="100" cy="100" r="96" fill="rgba(255,255,255,0.12)" />
        <path d="M80 40h40v40h40v40h-40v40H80v-40H40V80h40z" fill="rgba(255,255,255,0.9)" />
      </svg>
    </div>
  );
}

export function HomePage() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.user?.role);
  return (
    <>
      <section className="afya-hero">
        <div className="afya-container afya-hero-grid">
          <div>
            <span className="afya-eyebrow">Healthcare for every Kenyan family</span>
            <h1>See the right doctor, at the right time.</h1>
            <p className="lead">
              Book trusted doctors across Kenya in minutes, pay in Ksh with M-Pesa or card, and keep your prescriptions and
              records safe in one place.
            </p>
            <div className="afya-hero-actions">
              {isAuthenticated ? (
                <Link to={homeForRole(role)}>
                  <Button size="large" type="primary">
                    Go to Dashboard
                  </Button>
                </Link>
              ) : (
                <>
                  <Link to="/register">
                    <Button size="large" type="primary">
                      Start Healing
                    </Button>
                  </Link>
                  <Link to="/login">
                    <Button size="large" ghost>
                      Sign In
                    </Button>
                  </Link>
                </>
              )}
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="afya-container afya-stats" aria-label="Statistics">
        {STATS.map((s) => (
          <div key={s.label} className="afya-stat">
            <div className="value">{s.value}</div>
            <div className="label">{s.label}</div>
          </div>
        ))}
      </section>

      <section className="afya-section afya-container">
        <div className="afya-section-head">
          <Typography.Title level={2}>Everything your health needs</Typography.Title>
          <Typography.Paragraph type="secondary">
            One platform for booking, paying, and following up, built for clinics and patients in Kenya.
          </Typography.Paragraph>
        </div>
        <Row gutter={[20, 20]}>
          {FEATURES.map((f) => (
            <Col key={f.key} xs={24} sm={12} lg={6}>
              <Card className="afya-feature" hoverable>
                <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
                <Typography.Title level={4}>{f.title}</Typography.Title>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  {f.text}
                </Typography.Paragraph>
              </Card>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={6}>
            <Card className="afya-feature afya-feature-cta">
              <SafetyCertificateOutlined style={{ fontSize: 28 }} />
              <Typography.Title level={4} style={{ color: 'inherit' }}>
                Private by design
              </Typography.Title>
              <Typography.Paragraph style={{ color: 'inherit', marginBottom: 12 }}>
                Your records are encrypted and only your doctors can see them.
              </Typography.Paragraph>
              <Link to="/services">
                <Button>Explore services</Button>
              </Link>
            </Card>
          </Col>
        </Row>
      </section>

      <section className="afya-section afya-contact-band">
        <div className="afya-container">
          <Row gutter={[24, 24]} align="middle">
            <Col xs={24} md={10}>
              <Typography.Title level={2} style={{ marginTop: 0 }}>
                Talk to us
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                Questions about a booking, a payment or your records? Our care team is here to help.
              </Typography.Paragraph>
              <Link to="/contact">
                <Button type="primary">Contact us</Button>
              </Link>
            </Col>
            <Col xs={24} md={14}>
              <Row gutter={[16, 16]}>
                <Col xs={24} sm={8}>
                  <Card size="small">
                    <PhoneOutlined /> <strong>Call</strong>
                    <div>
                      <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
                    </div>
                  </Card>
                </Col>
                <Col xs={24} sm={8}>
                  <Card size="small">
                    <MailOutlined /> <strong>Email</strong>
                    <div>
                      <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
                    </div>
                  </Card>
                </Col>
                <Col xs={24} sm={8}>
                  <Card size="small">
                    <EnvironmentOutlined /> <strong>Visit</strong>
                    <div>Upper Hill, Nairobi</div>
                  </Card>
                </Col>
              </Row>
            </Col>
          </Row>
        </div>
      </section>
    </>
  );
}
