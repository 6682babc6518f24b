import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSession, type RegisterPayload } from 'shell/session';
import { ApiError } from 'shell/api-client';
import { currentLanguage, useTranslation } from 'shell/i18n';
import { AuthFrame } from './AuthFrame';
import { FormMessage, PasswordField, TextField, useCheckedForm } from './fields';
import { REGISTERED, type AuthNotice } from './notices';
import { MSG, checkAddress, checkEmail, checkFirstname, checkLastname, checkPassword, checkPhone } from './validation';

/** /register, without antd (plain React and styles.css), like /login. */
export function RegisterPage() {
  const register = useSession((s) => s.register);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The confirmation is checked against the password as typed now.
  const [password, setPassword] = useState('');
  const form = useCheckedForm({
    firstname: checkFirstname,
    lastname: checkLastname,
    email: checkEmail,
    contact_phone: checkPhone,
    address: checkAddress,
    password: checkPassword,
    confirmPassword: (value) => (value === password ? null : MSG.passwordsDontMatch),
  });
  // One form per page: the fields' ids are their names (what autofill and the journeys know them by).
  const id = (name: string) => name;
  const passwordField = form.field('password');
  const { t } = useTranslation('shell');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = form.validateAll();
    if (invalid) {
      document.getElementById(id(invalid))?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const v = form.values;
    // confirmPassword is never sent.
    const payload: RegisterPayload = {
      firstname: v.firstname.trim(),
      lastname: v.lastname.trim(),
      email: v.email.trim(),
      password: v.password,
      contact_phone: v.contact_phone.trim(),
      address: (v.address ?? '').trim(),
      // The language the page is read in (the switch, or the browser's): emails, SMS and PDFs follow it.
      language: currentLanguage(),
    };
    try {
      await register(payload);
      navigate('/login', { replace: true, state: { notice: REGISTERED } satisfies AuthNotice });
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Registration failed');
      setBusy(false);
    }
  };

  const text = (name: 'firstname' | 'lastname' | 'email' | 'contact_phone' | 'address', label: string, input: NonNullable<Parameters<typeof TextField>[0]['input']>) => (
    <TextField id={id(name)} label={label} {...form.field(name)} error={form.error(name)} disabled={busy} input={input} />
  );

  return (
    <AuthFrame title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <div className="afya-card afya-auth-card">
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {/* noValidate: our messages, not the browser's bubbles, which covered them. */}
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          <div className="afya-field-row">
            {text('firstname', t('auth.register.firstName'), { autoComplete: 'given-name', placeholder: 'Amina' })}
            {text('lastname', t('auth.register.lastName'), { autoComplete: 'family-name', placeholder: 'Wanjiru' })}
          </div>
          {text('email', t('auth.email'), { type: 'email', autoComplete: 'email', placeholder: 'amina@example.co.ke' })}
          {text('contact_phone', t('auth.register.phone'), { type: 'tel', autoComplete: 'tel', placeholder: '0712 345 678' })}
          {text('address', t('auth.register.address'), { autoComplete: 'street-address', placeholder: 'Ngong Road, Kilimani, Nairobi' })}
          <div className="afya-field-row">
            <PasswordField
              id={id('password')}
              label={t('auth.password')}
              {...passwordField}
              onChange={(value) => {
                setPassword(value);
                passwordField.onChange(value);
              }}
              error={form.error('password')}
              disabled={busy}
              input={{ autoComplete: 'new-password' }}
            />
            <PasswordField id={id('confirmPassword')} label={t('auth.register.confirmPassword')} {...form.field('confirmPassword')} error={form.error('confirmPassword')} disabled={busy} input={{ autoComplete: 'new-password' }} />
          </div>
          <button type="submit" className="afya-btn afya-btn-primary afya-btn-lg afya-btn-block" disabled={busy}>
            {busy ? <span className="afya-spinner afya-spinner-sm" aria-hidden /> : null}
            {busy ? t('auth.register.creating') : t('auth.register.submit')}
          </button>
        </form>
        <p className="afya-auth-switch">
          {t('auth.register.haveAccount')} <Link to="/login">{t('auth.register.signIn')}</Link>
        </p>
      </div>
    </AuthFrame>
  );
}
