import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@ory/client-fetch';
import { env } from '@/config/env';
import { identityApi } from '@/lib/identity';
import { queryKeys } from '@/lib/query-keys';
import { jwtExpiry, refreshDelay, userJwtCookie } from '../lib/user-jwt-cookie';

export interface SignedInSession {
  session: Session;
  /** The product JWT (the `tokenized` session), also in the user_jwt cookie. */
  token: string | null;
  /** When the JWT expires, in ms since the epoch. */
  tokenExpiresAt: number | null;
}

function cookieTarget() {
  return {
    hostname: window.location.hostname,
    protocol: window.location.protocol,
    domain: env.cookieDomain(),
  };
}

export function storeUserJwt(token: string, expiresAtMs: number | null): void {
  const maxAge = expiresAtMs === null ? 600 : (expiresAtMs - Date.now()) / 1000;
  document.cookie = userJwtCookie(token, maxAge, cookieTarget());
}

export function clearUserJwt(): void {
  document.cookie = userJwtCookie('', 0, cookieTarget());
}

/** whoami with the product's token template. Not signed in (or any failure) is null, never an error. */
export async function getSession(): Promise<SignedInSession | null> {
  let session: Session;
  try {
    session = await identityApi().toSession({ tokenizeAs: env.tokenizeTemplate() });
  } catch {
    clearUserJwt();
    return null;
  }
  if (!session.active) {
    clearUserJwt();
    return null;
  }
  const token = session.tokenized ?? null;
  const exp = token ? jwtExpiry(token) : null;
  const tokenExpiresAt = exp === null ? null : exp * 1000;
  if (token) storeUserJwt(token, tokenExpiresAt);
  else clearUserJwt();
  return { session, token, tokenExpiresAt };
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: getSession,
    // Fetch whoami again shortly before the JWT expires: that renews the token and the cookie.
    refetchInterval: (query) => refreshDelay(query.state.data?.tokenExpiresAt ?? null, Date.now()),
    refetchIntervalInBackground: true,
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { ...query, isAuthenticated: Boolean(query.data) };
}
