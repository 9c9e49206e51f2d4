import { Navigate, Outlet, useSearchParams } from 'react-router';
import { StatusScreen } from '@/components/status-screen';
import { useSession } from '@/features/session/api/get-session';
import { signedInDestination } from '@/lib/return-to';

/**
 * /login, /register and /verify send a signed-in user to /dashboard, or to the login's `return_to`
 * (the page that asked for a session). With `unlessFlow` a page with `?flow=` is shown to a signed-in user
 * too: /login?flow= is where a failed re-authentication lands, and the page decides with the flow in hand.
 */
export function RedirectIfAuthenticated({ unlessFlow = false }: { unlessFlow?: boolean }) {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isPending) return <StatusScreen text="Loading authentication..." />;
  if (session.isAuthenticated && !(unlessFlow && params.get('flow'))) {
    return <Navigate to={signedInDestination(params)} replace />;
  }
  return <Outlet />;
}
