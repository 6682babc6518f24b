import { Link } from 'react-router-dom';
import { useTranslation } from 'shell/i18n';
import { homeForRole, useSession } from 'shell/session';
import { CONTACT, FEATURES, STATS } from './content';
import { FEATURE_ICONS } from './feature-icons';
import { Icon } from './icons';

export function HeroArt() {
  const { t } = useTranslation('shell');
  return (
    <div className="afya-hero-art" aria-hidden>
      <div className="afya-hero-card">
        <div className="afya-hero-card-row">
          <span className="dot" /> <strong>{t('names.doctor', { name: 'Grace Wanjiku' })}</strong>
        </div>
        <div className="muted">{t('home.hero.cardSlot')}</div>
        <div className="afya-hero-pill">{t('home.hero.confirmed')}</div>
      </div>
      <div className="afya-hero-card second">
        <div className="muted">{t('home.hero.mpesaPayment')}</div>
        <strong style={{ marginRight: 8 }}>Ksh 2,500</strong>
        <div className="afya-hero-pill paid">{t('home.hero.paid')}</div>
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
  const { t } = useTranslation('shell');
  return (
    <>
      <section className="afya-hero">
        <div className="afya-container afya-hero-grid">
          <div>
            <span className="afya-eyebrow">{t('home.hero.eyebrow')}</span>
            <h1>{t('home.hero.title')}</h1>
            <p className="lead">{t('home.hero.lead')}</p>
            <div className="afya-hero-actions">
              {isAuthenticated ? (
                <Link to={homeForRole(role)} className="afya-btn afya-btn-primary afya-btn-lg">
                  {t('home.hero.goToDashboard')}
                </Link>
              ) : (
                <>
                  <Link to="/register" className="afya-btn afya-btn-primary afya-btn-lg">
                    {t('home.hero.startHealing')}
                  </Link>
                  <Link to="/login" className="afya-btn afya-btn-ghost afya-btn-lg">
                    {t('home.hero.signIn')}
                  </Link>
                </>
              )}
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="afya-container afya-stats" aria-label={t('home.stats.label')}>
        {STATS.map((s) => (
          <div key={s.label} className="afya-stat">
            <div className="value">{s.value}</div>
            <div className="label">{t(s.label)}</div>
          </div>
        ))}
      </section>

      <section className="afya-section afya-container">
        <div className="afya-section-head">
          <h2>{t('home.features.title')}</h2>
          <p className="afya-muted">{t('home.features.lead')}</p>
        </div>
        <div className="afya-grid cols-sm-2 cols-lg-4">
          {FEATURES.map((f) => (
            <article key={f.key} className="afya-card afya-card-hover afya-feature">
              <div className="afya-feature-icon">{FEATURE_ICONS[f.key]}</div>
              <h3 className="afya-card-title">{t(f.title)}</h3>
              <p className="afya-muted" style={{ marginBottom: 0 }}>
                {t(f.text)}
              </p>
            </article>
          ))}
          <article className="afya-card afya-feature afya-feature-cta">
            <Icon name="safetyCertificate" style={{ fontSize: 28 }} />
            <h3 className="afya-card-title">{t('home.private.title')}</h3>
            <p style={{ marginBottom: 12 }}>{t('home.private.text')}</p>
            <Link to="/services" className="afya-btn">
              {t('home.private.explore')}
            </Link>
          </article>
        </div>
      </section>

      <section className="afya-section afya-contact-band">
        <div className="afya-container afya-split wide-right">
          <div>
            <h2 className="afya-mt-0">{t('home.talk.title')}</h2>
            <p className="afya-muted">{t('home.talk.text')}</p>
            <Link to="/contact" className="afya-btn afya-btn-primary">
              {t('home.talk.contactUs')}
            </Link>
          </div>
          <div className="afya-grid gap-16 cols-sm-3">
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="phone" /> <strong>{t('home.talk.call')}</strong>
              <div>
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
              </div>
            </div>
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="mail" /> <strong>{t('home.talk.email')}</strong>
              <div>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </div>
            </div>
            <div className="afya-card afya-card-sm afya-contact-card">
              <Icon name="environment" /> <strong>{t('home.talk.visit')}</strong>
              <div>{t('home.talk.place')}</div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
