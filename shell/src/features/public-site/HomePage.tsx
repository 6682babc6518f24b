import { Link } from 'react-router-dom';
import { homeForRole, useSession } from 'shell/session';
import { CONTACT, FEATURES, STATS } from './content';
import { FEATURE_ICONS } from './feature-icons';
import { Icon } from './icons';

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
                <Link to={homeForRole(role)} className="afya-btn afya-btn-primary afya-btn-lg">
                  Go to Dashboard
                </Link>
              ) : (
                <>
                  <Link to="/register" className="afya-btn afya-btn-primary afya-btn-lg">
                    Start Healing
                  </Link>
                  <Link to="/login" className="afya-btn afya-btn-ghost afya-btn-lg">
                    Sign In
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
          <h2>Everything your health needs</h2>
          <p className="afya-muted">One platform for booking, paying, and following up, built for clinics and patients in Kenya.</p>
        </div>
        <div className="afya-grid cols-sm-2 cols-lg-4">
          {FEATURES.map((f) => (
            <article key={f.key} className="afya-card afya-card-hover afya-feature">
              <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
              <h3 className="afya-card-title">{f.title}</h3>
              <p className="afya-muted" style={{ marginBottom: 0 }}>
                {f.text}
              </p>
            </article>
          ))}
          <article className="afya-card afya-feature afya-feature-cta">
            <Icon name="safetyCertificate" style={{ fontSize: 28 }} />
            <h3 className="afya-card-title">Private by design</h3>
            <p style={{ marginBottom: 12 }}>Your records are encrypted and only your doctors can see them.</p>
            <Link to="/services" className="afya-btn">
              Explore services
            </Link>
          </article>
        </div>
      </section>

      <section className="afya-section afya-contact-band">
        <div className="afya-container afya-split wide-right">
          <div>
            <h2 className="afya-mt-0">Talk to us</h2>
            <p className="afya-muted">Questions about a booking, a payment or your records? Our care team is here to help.</p>
            <Link to="/contact" className="afya-btn afya-btn-primary">
              Contact us
            </Link>
          </div>
          <div className="afya-grid gap-16 cols-sm-3">
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="phone" /> <strong>Call</strong>
              <div>
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </div>
            </div>
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="mail" /> <strong>Email</strong>
              <div>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </div>
            </div>
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="environment" /> <strong>Visit</strong>
              <div>Upper Hill, Nairobi</div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
