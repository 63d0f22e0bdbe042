import { DashboardLayout } from '../../features/dashboard/components/dashboard-layout';
import { useLogout } from '../../features/auth';

/** Composes the dashboard's layout with the auth feature's logout (features do not import each other). */
export function DashboardShell() {
  const { logout, loggingOut } = useLogout();
  return <DashboardLayout onLogout={() => void logout()} loggingOut={loggingOut} />;
}
