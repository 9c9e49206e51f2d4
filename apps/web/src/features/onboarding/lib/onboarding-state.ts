type ProfileLike = { current_username?: string | null } | null | undefined;

export function hasUsername(profile: ProfileLike): boolean {
  return Boolean(profile?.current_username);
}

/** Onboarding is needed while there is no username or no workspace. */
export function needsOnboarding(
  profile: ProfileLike,
  workspaces: readonly unknown[] | null | undefined,
): boolean {
  return !hasUsername(profile) || !workspaces?.length;
}

export type OnboardingStep = 'username' | 'workspace';

export function onboardingStep(profile: ProfileLike): OnboardingStep {
  return hasUsername(profile) ? 'workspace' : 'username';
}
