import { Navigate, Outlet } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useSession } from '@/features/session/api/get-session';

/** Protected routes send visitors without a session to /. */
export function RequireAuth() {
  const session = useSession();
  if (session.isPending) return <StatusScreen text="Loading authentication..." />;
  if (!session.isAuthenticated) return <Navigate to={paths.home.getHref()} replace />;
  return <Outlet />;
}
