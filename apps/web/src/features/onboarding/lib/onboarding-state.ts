import { z } from 'zod';
import { SLUG_MAX, SLUG_MIN } from '@stackyard/contracts/workspace';
import { USERNAME_MAX, USERNAME_MIN } from '@stackyard/contracts/profile';

type ProfileLike = { current_username?: string | null } | null | undefined;

export function hasUsername(profile: ProfileLike): boolean {
  return Boolean(profile?.current_username);
}

/** Spec §4: onboarding is needed while there is no username or no workspace. */
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

// Spec §5, with the onboarding wording of the character rule; the input is lower-cased as it is typed.
export const onboardingUsernameSchema = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Username is required', abort: true })
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
    .regex(/^[a-z0-9_]+$/, 'Username can only contain lowercase letters, numbers, and underscores'),
});
export type OnboardingUsername = z.infer<typeof onboardingUsernameSchema>;

export const firstWorkspaceSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  slug: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || value.length >= SLUG_MIN,
      `Slug must be at least ${SLUG_MIN} characters`,
    )
    .refine((value) => value.length <= SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`),
  description: z.string().trim(),
});
export type FirstWorkspace = z.infer<typeof firstWorkspaceSchema>;
