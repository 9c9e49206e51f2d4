import { Navigate, Outlet } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useOnboardingStatus } from './use-onboarding';

/** 'Loading...' until session, profile and workspaces are in, then /onboarding (replacing) if needed. */
export function RequireOnboarded() {
  const status = useOnboardingStatus();
  if (status.isLoading) return <StatusScreen text="Loading..." />;
  if (status.workspacesError) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert>Error loading workspaces: {status.workspacesError.message}</Alert>
      </div>
    );
  }
  if (status.needsOnboarding) return <Navigate to={paths.onboarding.getHref()} replace />;
  return <Outlet />;
}
