import { VideoCameraOutlined } from '@ant-design/icons';
import { Card, Switch, Typography } from 'antd';
import { useSession } from 'shell/session';
import { useDoctorTranslation } from '../../i18n';
import { useDoctorProfile, useUpdateVideoOffer } from './api';

/** "Offers video visits": patients booking this doctor then choose In person or Video. */
export function VideoVisitsCard() {
  const { t } = useDoctorTranslation();
  const userId = useSession((s) => s.user?.user_id);
  const profile = useDoctorProfile(userId);
  const save = useUpdateVideoOffer(userId);
  const on = profile.data?.offers_video === true;
  return (
    <Card
      title={
        <span>
          <VideoCameraOutlined aria-hidden /> {t('video.title')}
        </span>
      }
      loading={profile.isPending && profile.fetchStatus !== 'idle'}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <label htmlFor="offers-video" style={{ flex: '1 1 220px' }}>
          <Typography.Text strong>{t('video.offer')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {on ? t('video.on') : t('video.off')}
          </Typography.Text>
        </label>
        <Switch
          id="offers-video"
          checked={on}
          loading={save.isPending}
          disabled={!profile.data}
          onChange={(checked) => profile.data && save.mutate({ doctorId: profile.data.doctor_id, offersVideo: checked })}
        />
      </div>
    </Card>
  );
}
