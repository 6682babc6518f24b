import { Result } from 'antd';
import { useTranslation } from 'shell/i18n';
import { LinkButton } from 'shell/ui-kit';

export function PaymentCancelPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="afya-container afya-section">
      <Result
        status="warning"
        title={<h1 className="afya-result-title">{t('titles.paymentCancelled')}</h1>}
        subTitle={t('paymentResult.cancelText')}
        extra={[
          <LinkButton key="appts" type="primary" to="/dashboard/appointments">
            {t('paymentResult.viewAppointments')}
          </LinkButton>,
          <LinkButton key="dash" to="/dashboard">
            {t('home.hero.goToDashboard')}
          </LinkButton>,
        ]}
      />
    </div>
  );
}
