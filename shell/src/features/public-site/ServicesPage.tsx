import { Link } from 'react-router-dom';
import { FEATURES, SPECIALTIES } from './content';
import { FEATURE_ICONS } from './feature-icons';
import { Icon } from './icons';

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
        <div className="afya-grid cols-sm-2 cols-lg-3">
          {FEATURES.map((f) => (
            <article className="afya-card afya-card-hover afya-feature" key={f.key}>
              <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
              <h2 className="afya-card-title">{f.title}</h2>
              <p className="afya-muted" style={{ marginBottom: 0 }}>
                {f.text}
              </p>
            </article>
          ))}
        </div>
      </section>
      <section className="afya-section afya-soft">
        <div className="afya-container">
          <div className="afya-section-head">
            <h2>Specialties</h2>
            <p className="afya-muted">Specialists you can book today.</p>
          </div>
          <ul className="afya-grid gap-12 cols-xs-2 cols-sm-3 cols-lg-4 afya-plain-list">
            {SPECIALTIES.map((s) => (
              <li className="afya-card afya-card-sm afya-specialty" key={s}>
                <Icon name="heart" /> {s}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="afya-section afya-container afya-split">
        <div>
          <h2>Why choose Afya</h2>
          <ul className="afya-checklist">
            {WHY.map((w) => (
              <li key={w}>
                <Icon name="checkCircle" /> {w}
              </li>
            ))}
          </ul>
        </div>
        <div className="afya-card afya-feature-cta afya-cta-large">
          <span className="afya-tag-gold">From Ksh 800</span>
          <h2 className="afya-cta-title">Your first consultation, booked in under two minutes</h2>
          <Link to="/register" className="afya-btn afya-btn-lg">
            Create a free account
          </Link>
        </div>
      </section>
    </>
  );
}
