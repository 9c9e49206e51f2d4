import { usernameSchema } from '@stackyard/contracts/profile';

export const USERNAME_CHECK_DEBOUNCE_MS = 500;

export const messages = {
  same: 'This is already your current username',
  notAvailable: 'Username is not available',
  checkFailed: 'Failed to check username availability',
  updateFailed: 'Failed to update username',
  updated: 'Username updated successfully!',
} as const;

/** The local verdict on a typed username: a message, or the normalized name to ask the server about. */
export function localUsernameCheck(
  typed: string,
  current: string | null | undefined,
): { error: string } | { username: string } {
  const parsed = usernameSchema.safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Username is required' };
  if (parsed.data === current) return { error: messages.same };
  return { username: parsed.data };
}
