import { useSession } from '@/features/session/api/get-session';
import { useProfile } from '@/features/profile/api/get-profile';
import { useWorkspaces } from '@/features/workspaces/api/get-workspaces';
import { needsOnboarding } from '@/features/onboarding/lib/onboarding-state';

/** Session, profile and workspaces together: what the onboarding redirects need. */
export function useOnboardingStatus() {
  const session = useSession();
  const enabled = session.isAuthenticated;
  const profile = useProfile({ enabled });
  const workspaces = useWorkspaces({ enabled });
  const isLoading = session.isPending || (enabled && (profile.isPending || workspaces.isPending));
  return {
    isLoading,
    profile: profile.data ?? null,
    workspaces: workspaces.data,
    workspacesError: workspaces.error,
    needsOnboarding: !isLoading && needsOnboarding(profile.data, workspaces.data),
  };
}
