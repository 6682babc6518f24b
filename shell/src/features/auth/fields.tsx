import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { translateMessage, useTranslation } from 'shell/i18n';
import { Icon } from '../public-site/icons';
import type { Check } from './validation';

// The sign-in and registration forms' fields in plain React and the afya-* CSS (styles.css), drawn like antd's:
// these pages load no antd, so a phone on a slow network gets them at once (the dashboard's code follows later).

/**
 * A form's values, the messages of its checks, and which fields were left (a message shows once the person
 * leaves the field or submits, as with antd's onBlur/onSubmit validation).
 */
export function useCheckedForm<K extends string>(checks: Record<K, Check>) {
  const keys = Object.keys(checks) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>);
  const [shown, setShown] = useState<Partial<Record<K, boolean>>>({});
  const problem = (key: K) => checks[key](values[key]);
  return {
    values,
    // The checks speak the contract's English; shown in the page's language.
    error: (key: K) => {
      const message = shown[key] ? problem(key) : null;
      return message ? translateMessage(message) : null;
    },
    field: (key: K) => ({
      value: values[key],
      onChange: (value: string) => setValues((v) => ({ ...v, [key]: value })),
      onBlur: () => setShown((s) => ({ ...s, [key]: true })),
    }),
    /** Shows every message; returns the first field with a problem (to move focus there), or null when all pass. */
    validateAll(): K | null {
      setShown(Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>);
      return keys.find((k) => problem(k) !== null) ?? null;
    },
  };
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
  prefix?: ReactNode;
  large?: boolean;
  disabled?: boolean;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'onBlur' | 'disabled'>;
}

/** Label, input and its message, tied together for assistive technology (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, onChange, onBlur, error, prefix, large, disabled, input, suffix }: FieldProps & { suffix?: ReactNode }) {
  const messageId = `${id}-message`;
  return (
    <div className={`afya-field${error ? ' afya-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <span className={`afya-input${large ? ' afya-input-lg' : ''}${disabled ? ' afya-input-disabled' : ''}`}>
        {prefix ? <span className="afya-input-prefix">{prefix}</span> : null}
        <input
          id={id}
          name={id}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          {...input}
        />
        {suffix}
      </span>
      {error ? (
        <div id={messageId} className="afya-field-message">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide button (a 32x28 px target, over the 24 px minimum of WCAG 2.5.8). */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('shell');
  return (
      <TextField
        {...props}
        input={{ ...props.input, type: visible ? 'text' : 'password' }}
        suffix={
          <button
            type="button"
            className="afya-input-toggle"
            aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
            aria-pressed={visible}
            aria-controls={props.id}
            disabled={props.disabled}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon name={visible ? 'eye' : 'eyeInvisible'} />
          </button>
        }
      />
  );
}

/** A message above a form: an error (role alert: read out at once), or news such as a finished registration. */
export function FormMessage({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div className={`afya-alert afya-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={kind === 'success' ? 'checkCircleFilled' : kind === 'error' ? 'close' : 'checkCircle'} />
      <span>{typeof children === 'string' ? translateMessage(children) : children}</span>
    </div>
  );
}
