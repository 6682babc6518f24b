import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

export function PaymentCancelPage() {
  return (
    <div className="afya-container afya-section">
      <Result
        status="warning"
        title={<h1 className="afya-result-title">Payment cancelled</h1>}
        subTitle="No charges were made. Your appointment is saved and you can pay for it whenever you are ready."
        extra={[
          <Link key="appts" to="/dashboard/appointments">
            <Button type="primary">View Appointments</Button>
          </Link>,
          <Link key="dash" to="/dashboard">
            <Button>Go to Dashboard</Button>
          </Link>,
        ]}
      />
    </div>
  );
}
