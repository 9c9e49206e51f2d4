import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/features/workspaces/lib/use-current-workspace';
import { useOnboardingStatus } from '../../guards/use-onboarding';

/** Where /dashboard leads: onward to onboarding, or to the current (else first) workspace's dashboard. */
export function DashboardRoute() {
  const status = useOnboardingStatus();
  const { workspace, currentId, setCurrentId } = useCurrentWorkspace();
  const storedIsCurrent = workspace !== undefined && currentId === workspace.id;

  useEffect(() => {
    if (workspace && !storedIsCurrent) setCurrentId(workspace.id);
  }, [workspace, storedIsCurrent, setCurrentId]);

  if (status.isLoading) return <StatusScreen text="Loading..." />;
  if (status.workspacesError) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <DocumentTitle title="Error loading workspaces" />
        <h1 className="text-2xl font-semibold text-zinc-950">Error loading workspaces</h1>
        <p className="mt-3 text-zinc-600">{status.workspacesError.message}</p>
      </section>
    );
  }
  if (status.needsOnboarding) return <Navigate to={paths.onboarding.getHref()} replace />;
  if (workspace?.owner_username) {
    return (
      <Navigate to={paths.workspace.dashboard.getHref(workspace.owner_username, workspace.slug)} replace />
    );
  }
  return <Navigate to={paths.settings.root.getHref('workspace')} replace />;
}
