// From its own file, not the ui-kit's index: that would load antd on the antd-free public pages.
import { initials } from '../../../libs/ui-kit/format';
import { Icon } from './icons';

const VALUES = [
  { icon: <Icon name="heart" />, title: 'Compassion', text: 'Every patient is treated as family, with dignity and patience.' },
  { icon: <Icon name="safety" />, title: 'Integrity', text: 'Clear prices in Ksh, honest advice, and records kept private.' },
  { icon: <Icon name="thunderbolt" />, title: 'Access', text: 'Quality care reachable from any county, on any phone.' },
  { icon: <Icon name="team" />, title: 'Excellence', text: 'Licensed doctors, continuous training, and outcomes we measure.' },
];

/**
 * The leadership team. Their portraits are drawn here (initials on the person's colour) rather than loaded:
 * the photo files never existed in the repository and every visitor got four 404s.
 */
const TEAM = [
  { name: 'Dr. Achieng Otieno', role: 'Chief Executive Officer', color: '#0f766e' },
  { name: 'Dr. Grace Wanjiku', role: 'Chief Medical Officer', color: '#1d4ed8' },
  { name: 'Brian Kiprotich', role: 'Chief Technology Officer', color: '#7c3aed' },
  { name: 'Fatuma Hassan', role: 'Head of Patient Experience', color: '#b45309' },
];

const TIMELINE = [
  { year: '2020', text: 'Founded in Nairobi to bring telemedicine to patients during the pandemic.' },
  { year: '2021', text: 'Partnered with 40 clinics in Nairobi, Kiambu and Machakos; M-Pesa payments launched.' },
  { year: '2022', text: 'Expanded to Mombasa, Kisumu and Eldoret; digital prescriptions accepted by partner pharmacies.' },
  { year: '2023', text: 'Passed 5,000 patients and 250 doctors across 30 specialties.' },
  { year: '2024', text: 'Launched family accounts and chronic-care follow-ups for diabetes and hypertension.' },
  { year: '2025', text: '10,000+ patients, 500+ doctors and 50+ specialties, with support around the clock.' },
];

/** 'Dr. Achieng Otieno' → 'AO': the ui-kit's initials, of the name without the title. */
export function teamInitials(name: string): string {
  const [first, last] = name.replace(/^Dr\.\s+/, '').split(/\s+/);
  return initials(first, last);
}

/** A team member's portrait: an SVG avatar with their initials (decorative: the name follows as text). */
function TeamAvatar({ name, color }: { name: string; color: string }) {
  return (
    <svg width={96} height={96} viewBox="0 0 96 96" aria-hidden focusable="false" data-testid="team-avatar" style={{ display: 'block', margin: '0 auto' }}>
      <circle cx="48" cy="48" r="48" fill={color} />
      <circle cx="48" cy="48" r="43" fill="none" stroke="#fff" strokeOpacity={0.35} strokeWidth={2} />
      <text x="48" y="49" textAnchor="middle" dominantBaseline="central" fontSize="34" fontWeight={600} fill="#fff" style={{ fontFamily: 'inherit' }}>
        {teamInitials(name)}
      </text>
    </svg>
  );
}

export function AboutPage() {
  return (
    <>
      <section className="afya-page-hero">
        <div className="afya-container">
          <h1>About Afya</h1>
          <p className="lead">We are a Kenyan health company making it simple to see a good doctor, wherever you live.</p>
        </div>
      </section>
      <section className="afya-section afya-container afya-split">
        <div>
          <h2>Our mission</h2>
          <p className="afya-mission">
            Too many Kenyans spend a day off work in a waiting room, or go without care because the nearest specialist is
            hours away. Afya exists to end that: to let every patient find a qualified doctor, book a time that suits them,
            pay a fair and visible fee, and carry their records with them.
          </p>
          <p className="afya-muted">
            We work with licensed practitioners registered with the Kenya Medical Practitioners and Dentists Council, and
            with clinics from Upper Hill to Kisumu.
          </p>
        </div>
        <div className="afya-grid gap-16 cols-sm-2">
          {VALUES.map((v) => (
            <article className="afya-card afya-feature" key={v.title}>
              <div className="afya-feature-icon">{v.icon}</div>
              <h3 className="afya-card-title small">{v.title}</h3>
              <span className="afya-muted">{v.text}</span>
            </article>
          ))}
        </div>
      </section>
      <section className="afya-section afya-soft">
        <div className="afya-container">
          <div className="afya-section-head">
            <h2>Leadership team</h2>
          </div>
          <div className="afya-grid cols-sm-2 cols-lg-4">
            {TEAM.map((m) => (
              <article className="afya-card afya-team-card" key={m.name}>
                <TeamAvatar name={m.name} color={m.color} />
                <h3 className="afya-card-title small">{m.name}</h3>
                <span className="afya-muted">{m.role}</span>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="afya-section afya-container" style={{ maxWidth: 760 }}>
        <div className="afya-section-head">
          <h2>Our journey</h2>
        </div>
        <ol className="afya-timeline">
          {TIMELINE.map((t) => (
            <li key={t.year}>
              <strong className="year">{t.year}</strong>
              <span className="dot" aria-hidden />
              <span>{t.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
