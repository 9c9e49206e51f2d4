// Kept apart from api-client (and its zod schemas) so the app shell can register the hook without
// loading them on the first page.

type RenewCredentials = () => Promise<boolean>;
let renewCredentials: RenewCredentials | null = null;

/**
 * How to get a fresh user_jwt when the API answers 401 (e.g. the token expired while the computer slept):
 * the app sets it to a whoami; it resolves true when a new token is in the cookie.
 */
export function onUnauthenticated(renew: RenewCredentials | null): void {
  renewCredentials = renew;
}

export function renewCredentialsHook(): RenewCredentials | null {
  return renewCredentials;
}
