import { Navigate, Outlet } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useSession } from '@/features/session/api/get-session';

/** Spec §2: /login, /register and /verify send a signed-in user to /dashboard. */
export function RedirectIfAuthenticated() {
  const session = useSession();
  if (session.isPending) return <StatusScreen text="Loading authentication..." />;
  if (session.isAuthenticated) return <Navigate to={paths.dashboard.getHref()} replace />;
  return <Outlet />;
}
