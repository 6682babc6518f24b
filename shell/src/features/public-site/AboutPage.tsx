// From its own file, not the ui-kit's index: that would load antd on the antd-free public pages.
import { initials } from '../../../libs/ui-kit/format';
import { useTranslation } from 'shell/i18n';
import { SPECIALTY_COUNT } from './content';
import { Icon } from './icons';

const VALUES = [
  { icon: <Icon name="heart" />, title: 'about.values.compassion.title', text: 'about.values.compassion.text' },
  { icon: <Icon name="safety" />, title: 'about.values.integrity.title', text: 'about.values.integrity.text' },
  { icon: <Icon name="thunderbolt" />, title: 'about.values.access.title', text: 'about.values.access.text' },
  { icon: <Icon name="team" />, title: 'about.values.excellence.title', text: 'about.values.excellence.text' },
];

/**
 * The leadership team. Their portraits are drawn here (initials on the person's colour) rather than loaded:
 * the photo files never existed in the repository and every visitor got four 404s. A doctor's title is the
 * catalogue's (names.doctor: 'Dr. …', in Kiswahili 'Dkt. …'), as everywhere a doctor is named.
 */
const TEAM = [
  { name: 'Achieng Otieno', doctor: true, role: 'about.team.ceo', color: '#0f766e' },
  { name: 'Grace Wanjiku', doctor: true, role: 'about.team.cmo', color: '#1d4ed8' },
  { name: 'Brian Kiprotich', doctor: false, role: 'about.team.cto', color: '#7c3aed' },
  { name: 'Fatuma Hassan', doctor: false, role: 'about.team.patientExperience', color: '#b45309' },
];

const TIMELINE = [
  { year: '2020', text: 'about.timeline.y2020' },
  { year: '2021', text: 'about.timeline.y2021' },
  { year: '2022', text: 'about.timeline.y2022' },
  { year: '2023', text: 'about.timeline.y2023' },
  { year: '2024', text: 'about.timeline.y2024' },
  { year: '2025', text: 'about.timeline.y2025' },
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
  const { t } = useTranslation('shell');
  return (
    <>
      <section className="afya-page-hero">
        <div className="afya-container">
          <h1>{t('about.title')}</h1>
          <p className="lead">{t('about.lead')}</p>
        </div>
      </section>
      <section className="afya-section afya-container afya-split">
        <div>
          <h2>{t('about.mission.title')}</h2>
          <p className="afya-mission">{t('about.mission.text')}</p>
          <p className="afya-muted">{t('about.mission.partners')}</p>
        </div>
        <div className="afya-grid gap-16 cols-sm-2">
          {VALUES.map((v) => (
            <article className="afya-card afya-feature" key={v.title}>
              <div className="afya-feature-icon">{v.icon}</div>
              <h3 className="afya-card-title small">{t(v.title)}</h3>
              <span className="afya-muted">{t(v.text)}</span>
            </article>
          ))}
        </div>
      </section>
      <section className="afya-section afya-soft">
        <div className="afya-container">
          <div className="afya-section-head">
            <h2>{t('about.team.title')}</h2>
          </div>
          <div className="afya-grid cols-sm-2 cols-lg-4">
            {TEAM.map((m) => (
              <article className="afya-card afya-team-card" key={m.name}>
                <TeamAvatar name={m.name} color={m.color} />
                <h3 className="afya-card-title small">{m.doctor ? t('names.doctor', { name: m.name }) : m.name}</h3>
                <span className="afya-muted">{t(m.role)}</span>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="afya-section afya-container" style={{ maxWidth: 760 }}>
        <div className="afya-section-head">
          <h2>{t('about.timeline.title')}</h2>
        </div>
        <ol className="afya-timeline">
          {TIMELINE.map((step) => (
            <li key={step.year}>
              <strong className="year">{step.year}</strong>
              <span className="dot" aria-hidden />
              <span>{t(step.text, { count: SPECIALTY_COUNT })}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
