import { AppointmentPatterns } from '@afya/appointment-service/contracts';
import { AuthPatterns } from '@afya/auth-service/contracts';
import { PaymentPatterns } from '@afya/payment-service/contracts';
import { PrescriptionPatterns } from '@afya/prescription-service/contracts';
import { SupportPatterns } from '@afya/support-service/contracts';
import { ReportingPatterns } from '@afya/reporting-service/contracts';

/**
 * Every service the gateway forwards to, with its health pattern (without the bus namespace: the health
 * controller puts it in front). Add a line per new service.
 */
export const SERVICE_HEALTH_PATTERNS: Record<string, string> = {
  auth: AuthPatterns.health,
  appointment: AppointmentPatterns.health,
  payment: PaymentPatterns.health,
  prescription: PrescriptionPatterns.health,
  support: SupportPatterns.health,
  reporting: ReportingPatterns.health,
};
