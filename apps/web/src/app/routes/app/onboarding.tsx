import { Navigate } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { OnboardingSidebar } from '@/features/onboarding/components/onboarding-sidebar';
import { UsernameStep } from '@/features/onboarding/components/username-step';
import { WorkspaceStep } from '@/features/onboarding/components/workspace-step';
import { hasUsername, onboardingStep } from '@/features/onboarding/lib/onboarding-state';
import { useClaimUsername } from '@/features/profile/api/claim-username';
import { useCreateWorkspace } from '@/features/workspaces/api/create-workspace';
import { setCurrentWorkspaceId } from '@/features/workspaces/lib/current-workspace';
import { AppFrame, SidebarFooter } from '../../layouts/app-layout';
import { useOnboardingStatus } from '../../guards/use-onboarding';

export function OnboardingRoute() {
  const status = useOnboardingStatus();
  const claimUsername = useClaimUsername();
  // The new workspace becomes current, then onboarding is not needed any more and the page goes to /
  // (one navigation: the guard's <Navigate> below, so no second navigate() can race it).
  const createWorkspace = useCreateWorkspace({
    onCreated: (workspace) => setCurrentWorkspaceId(workspace.id),
  });

  let content;
  if (status.isLoading) content = <StatusScreen text="Loading..." />;
  else if (!status.needsOnboarding) content = <Navigate to={paths.home.getHref()} replace />;
  else if (onboardingStep(status.profile) === 'username')
    content = <UsernameStep onSubmit={(username) => claimUsername.mutateAsync(username)} />;
  else content = <WorkspaceStep onSubmit={(input) => createWorkspace.mutateAsync(input)} />;

  return (
    <AppFrame
      sidebar={
        <OnboardingSidebar
          hasUsername={hasUsername(status.profile)}
          hasWorkspace={Boolean(status.workspaces?.length)}
          footer={<SidebarFooter />}
        />
      }
    >
      <DocumentTitle title="Getting started" />
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-semibold tracking-tight text-zinc-950">Welcome to stackyard</h1>
        <div className="mt-8">{content}</div>
      </div>
    </AppFrame>
  );
}
