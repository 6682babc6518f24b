import { Link } from 'react-router-dom';
import { specialtyLabel, useTranslation } from 'shell/i18n';
import { FEATURES, SPECIALTIES, SPECIALTY_COUNT } from './content';
import { FEATURE_ICONS } from './feature-icons';
import { Icon } from './icons';

const WHY = ['services.why.doctors', 'services.why.fees', 'services.why.pay', 'services.why.prescriptions', 'services.why.video', 'services.why.team'];

export function ServicesPage() {
  const { t } = useTranslation('shell');
  return (
    <>
      <section className="afya-page-hero">
        <div className="afya-container">
          <h1>{t('services.title')}</h1>
          <p className="lead">{t('services.lead')}</p>
        </div>
      </section>
      <section className="afya-section afya-container">
        <div className="afya-grid cols-sm-2 cols-lg-3">
          {FEATURES.map((f) => (
            <article className="afya-card afya-card-hover afya-feature" key={f.key}>
              <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
              <h2 className="afya-card-title">{t(f.title)}</h2>
              <p className="afya-muted" style={{ marginBottom: 0 }}>
                {t(f.text)}
              </p>
            </article>
          ))}
        </div>
      </section>
      <section className="afya-section afya-soft">
        <div className="afya-container">
          <div className="afya-section-head">
            <h2>{t('services.specialties')}</h2>
            <p className="afya-muted">{t('services.specialtiesLead')}</p>
          </div>
          <ul className="afya-grid gap-12 cols-xs-2 cols-sm-3 cols-lg-4 afya-plain-list">
            {SPECIALTIES.map((s) => (
              <li className="afya-card afya-card-sm afya-specialty" key={s}>
                <Icon name="heart" /> {specialtyLabel(s)}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="afya-section afya-container afya-split">
        <div>
          <h2>{t('services.why.title')}</h2>
          <ul className="afya-checklist">
            {WHY.map((w) => (
              <li key={w}>
                <Icon name="checkCircle" /> {t(w, { count: SPECIALTY_COUNT })}
              </li>
            ))}
          </ul>
        </div>
        <div className="afya-card afya-feature-cta afya-cta-large">
          <span className="afya-tag-gold">{t('services.from')}</span>
          <h2 className="afya-cta-title">{t('services.cta')}</h2>
          <Link to="/register" className="afya-btn afya-btn-lg">
            {t('services.createAccount')}
          </Link>
        </div>
      </section>
    </>
  );
}
