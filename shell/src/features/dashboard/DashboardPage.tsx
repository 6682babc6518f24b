import { useSession } from 'shell/session';
import { RemoteRoutes } from '../../remotes/RemoteRoutes';
import { remoteForRole } from '../../remotes/remotes-config';
import { DashboardLayout } from './DashboardLayout';
import { GenericHome } from './GenericHome';

/** /dashboard/*: mounts the current role's remote (patient → mfe_patient, doctor → mfe_doctor, admin → mfe_admin). */
export function DashboardPage() {
  const role = useSession((s) => s.user?.role);
  const remote = remoteForRole(role);
  return <DashboardLayout>{remote ? <RemoteRoutes key={remote} name={remote} /> : <GenericHome />}</DashboardLayout>;
}
