import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homeForRole, useSession, TOKEN_EXPIRED_REASON } from 'shell/session';
import { dashboardRedirect } from '../dashboard/access';
import { ApiError } from 'shell/api-client';
import { translateMessage, useTranslation } from 'shell/i18n';
import { Icon } from '../public-site/icons';
import { AuthFrame } from './AuthFrame';
import { FormMessage, PasswordField, TextField, useCheckedForm } from './fields';
import { LOGIN_SUCCESS, REGISTERED, type AuthNotice } from './notices';
import { checkEmail, checkPassword } from './validation';

/** 'Invalid email or password.' when the error mentions 401 or carries no message (CONTRACT.md §8). */
export function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401 || /401/.test(err.serverMessage) || !err.serverMessage.trim()) return 'Invalid email or password.';
    return err.serverMessage;
  }
  const m = err instanceof Error ? err.message : '';
  if (!m.trim() || /401/.test(m)) return 'Invalid email or password.';
  return m;
}

/** The dashboard page a visitor was sent to sign in from, when their role may see it (else null: their home). */
export function returnPath(from: string | undefined, role: string): string | null {
  if (!from || !from.startsWith('/dashboard/') || from.includes('//')) return null;
  return dashboardRedirect(from, role) === null ? from : null;
}

/**
 * /login, without antd (plain React and styles.css): the first page many patients open on a phone. `onSubmit`
 * lets the app fetch the dashboard's code while the sign-in request is on its way.
 */
export function LoginPage({ onSubmit }: { onSubmit?: () => void }) {
  const login = useSession((s) => s.login);
  const logoutReason = useSession((s) => s.logoutReason);
  const navigate = useNavigate();
  const state = useLocation().state as (AuthNotice & { from?: string }) | null;
  const notice = state?.notice;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useCheckedForm({ email: checkEmail, password: checkPassword });
  // One form per page: the fields' ids are their names (what autofill and the journeys know them by).
  const ids = { email: 'email', password: 'password' } as const;
  const { t } = useTranslation('shell');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = form.validateAll();
    if (invalid) {
      document.getElementById(ids[invalid])?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    onSubmit?.();
    try {
      const user = await login(form.values.email.trim(), form.values.password);
      // The dashboard shows it as a toast (its antd toasts); the page is left at once. A visitor sent here from a
      // dashboard page (a waitlist offer's link, say) goes back to it when their role may see it, else home.
      navigate(returnPath(state?.from, user.role) ?? homeForRole(user.role), { replace: true, state: { notice: LOGIN_SUCCESS } satisfies AuthNotice });
    } catch (err) {
      // Said once, in the form (role alert), not also in a toast.
      setError(loginErrorText(err));
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <div className="afya-card afya-auth-card">
        {notice === REGISTERED ? <FormMessage kind="success">{REGISTERED}</FormMessage> : null}
        {logoutReason === TOKEN_EXPIRED_REASON ? <FormMessage kind="info">{t('auth.login.expired')}</FormMessage> : null}
        {error ? <FormMessage kind="error">{translateMessage(error)}</FormMessage> : null}
        {/* noValidate: our messages, not the browser's bubbles, which covered them. */}
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          <TextField
            id={ids.email}
            label={t('auth.email')}
            {...form.field('email')}
            error={form.error('email')}
            large
            disabled={busy}
            prefix={<Icon name="mail" />}
            input={{ type: 'email', autoComplete: 'email', placeholder: 'you@example.co.ke' }}
          />
          <PasswordField
            id={ids.password}
            label={t('auth.password')}
            {...form.field('password')}
            error={form.error('password')}
            large
            disabled={busy}
            prefix={<Icon name="lock" />}
            input={{ autoComplete: 'current-password', placeholder: t('auth.login.passwordPlaceholder') }}
          />
          <p className="afya-auth-forgot">
            <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          </p>
          <button type="submit" className="afya-btn afya-btn-primary afya-btn-lg afya-btn-block" disabled={busy}>
            {busy ? <span className="afya-spinner afya-spinner-sm" aria-hidden /> : null}
            {busy ? t('auth.login.signingIn') : t('auth.login.submit')}
          </button>
        </form>
        <p className="afya-auth-switch">
          {t('auth.login.noAccount')} <Link to="/register">{t('public.register')}</Link>
        </p>
      </div>
    </AuthFrame>
  );
}
