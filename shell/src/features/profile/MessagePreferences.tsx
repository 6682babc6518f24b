import type { NotificationPreferences } from '@afya/support-service/contracts';
import { Flex, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, notificationsApi } from 'shell/api-client';
import { useTranslation } from 'shell/i18n';
import { toast } from 'shell/ui-kit';

/** The channels and their texts' catalogue keys. */
const CHANNELS: { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  { key: 'sms', label: 'preferences.sms', hint: 'preferences.smsHint' },
  { key: 'email', label: 'preferences.email', hint: 'preferences.emailHint' },
];

/** The patient's message channels: each switch saves at once. */
export function MessagePreferences() {
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [saving, setSaving] = useState<keyof NotificationPreferences | null>(null);
  const { t } = useTranslation('shell');

  useEffect(() => {
    let live = true;
    notificationsApi
      .preferences()
      .then((p) => live && setPreferences(p))
      .catch(() => live && setPreferences({ sms: true, email: true }));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (key: keyof NotificationPreferences, on: boolean) => {
    setSaving(key);
    try {
      setPreferences(await notificationsApi.setPreferences({ [key]: on }));
      toast.success(t(on ? 'preferences.turnedOn' : 'preferences.turnedOff', { channel: t(key === 'sms' ? 'preferences.sms' : 'preferences.email') }));
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Failed to save message preferences');
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby="message-preferences-title">
      <Typography.Title level={5} id="message-preferences-title" style={{ marginTop: 0 }}>
        {t('preferences.title')}
      </Typography.Title>
      {preferences ? (
        <Flex vertical gap={12}>
          {CHANNELS.map(({ key, label, hint }) => (
            <Flex key={key} justify="space-between" align="center" gap={12}>
              <div>
                <Typography.Text strong id={`pref-${key}`}>
                  {t(label)}
                </Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {t(hint)}
                  </Typography.Text>
                </div>
              </div>
              <Switch checked={preferences[key]} loading={saving === key} aria-labelledby={`pref-${key}`} onChange={(on) => void toggle(key, on)} />
            </Flex>
          ))}
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      )}
    </section>
  );
}
