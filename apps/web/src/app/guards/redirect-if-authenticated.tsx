import { Navigate, Outlet, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useSession } from '@/features/session/api/get-session';
import { safeReturnTo } from '@/lib/return-to';

/**
 * Spec §2: /login, /register and /verify send a signed-in user to /dashboard, or to the login's `return_to`
 * (the page that asked for a session).
 */
export function RedirectIfAuthenticated() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isPending) return <StatusScreen text="Loading authentication..." />;
  if (session.isAuthenticated) {
    return <Navigate to={safeReturnTo(params.get('return_to')) ?? paths.dashboard.getHref()} replace />;
  }
  return <Outlet />;
}
