import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'shell/i18n';

export function PaymentCancelPage() {
  const { t } = useTranslation('shell');
  return (
    <div className="afya-container afya-section">
      <Result
        status="warning"
        title={<h1 className="afya-result-title">{t('titles.paymentCancelled')}</h1>}
        subTitle={t('paymentResult.cancelText')}
        extra={[
          <Link key="appts" to="/dashboard/appointments">
            <Button type="primary">{t('paymentResult.viewAppointments')}</Button>
          </Link>,
          <Link key="dash" to="/dashboard">
            <Button>{t('home.hero.goToDashboard')}</Button>
          </Link>,
        ]}
      />
    </div>
  );
}
