import * as client from 'openid-client';
import type { OidcProviderConfig } from './config.ts';
import { normalizeEmail } from './identities.ts';

// The protocol side of external sign-in, on openid-client. GitHub is plain OAuth 2 (no discovery, no ID
// token), but its authorize URL, PKCE and code exchange are the same protocol as OpenID Connect's: one
// Configuration per provider keeps a single path, with the library's checks and timeout, for both kinds;
// only where the profile comes from differs (GitHub's REST API; an ID token and userinfo otherwise).

const TIMEOUT_SECONDS = 10;

export interface ExternalProfile {
  subject: string;
  /** Addresses the provider says are verified, primary first. */
  verifiedEmails: string[];
}

/** What the browser brings back from the provider, and what the flow saved when it went there. */
export interface CallbackInput {
  redirectUri: string;
  params: URLSearchParams;
  state: string;
  verifier: string;
}

/**
 * The library talks HTTPS only. A provider whose configured URL is http:// (the tests' local providers) is
 * talked to over plain HTTP as configured; one configured with https:// URLs never is.
 */
function plainHttp(provider: OidcProviderConfig): boolean {
  return [provider.issuerUrl, provider.apiUrl].some((url) => url?.startsWith('http:'));
}

async function configure(provider: OidcProviderConfig): Promise<client.Configuration> {
  if (provider.kind === 'github') {
    const web = provider.issuerUrl.replace(/\/$/, '');
    const config = new client.Configuration(
      {
        issuer: web,
        authorization_endpoint: `${web}/login/oauth/authorize`,
        token_endpoint: `${web}/login/oauth/access_token`,
      },
      provider.clientId,
      provider.clientSecret,
    );
    config.timeout = TIMEOUT_SECONDS;
    if (plainHttp(provider)) client.allowInsecureRequests(config);
    return config;
  }
  // An ID token is taken only with a signature the provider's published keys verify.
  return client.discovery(new URL(provider.issuerUrl), provider.clientId, provider.clientSecret, undefined, {
    timeout: TIMEOUT_SECONDS,
    execute: [
      ...(plainHttp(provider) ? [client.allowInsecureRequests] : []),
      client.enableNonRepudiationChecks,
    ],
  });
}

/** The value as an object's fields; anything else as none. */
export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

async function githubProfile(
  provider: OidcProviderConfig,
  config: client.Configuration,
  accessToken: string,
): Promise<ExternalProfile> {
  const api = (provider.apiUrl ?? 'https://api.github.com').replace(/\/$/, '');
  const get = async (path: string) => {
    const headers = new Headers({ accept: 'application/json' });
    const response = await client.fetchProtectedResource(
      config,
      accessToken,
      new URL(`${api}${path}`),
      'GET',
      undefined,
      headers,
    );
    if (!response.ok) throw new Error(`GET ${api}${path} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const user = record(await get('/user'));
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub sent no user id');
  const list = await get('/user/emails');
  const emails = (Array.isArray(list) ? list : [])
    .map(record)
    .filter((entry) => entry.verified === true && typeof entry.email === 'string')
    .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
    .map((entry) => normalizeEmail(String(entry.email)));
  return { subject: String(user.id), verifiedEmails: emails };
}

/** A client per configured provider, each discovered once (again after a failed discovery). */
export function createProviderClients() {
  const configurations = new Map<string, Promise<client.Configuration>>();

  function configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    let found = configurations.get(provider.id);
    if (!found) {
      found = configure(provider);
      found.catch(() => configurations.delete(provider.id));
      configurations.set(provider.id, found);
    }
    return found;
  }

  return {
    /** The provider's authorize URL for this state and PKCE verifier. */
    async authorizeUrl(provider: OidcProviderConfig, redirectUri: string, state: string, verifier: string) {
      const config = await configurationOf(provider);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: provider.scopes.join(' '),
          state,
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /** Exchanges the callback's code and reads who signed in; a generic provider must send an ID token. */
    async profile(provider: OidcProviderConfig, input: CallbackInput): Promise<ExternalProfile> {
      const config = await configurationOf(provider);
      const currentUrl = new URL(input.redirectUri);
      for (const [name, value] of input.params) currentUrl.searchParams.append(name, value);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: input.verifier,
        expectedState: input.state,
        idTokenExpected: provider.kind === 'generic',
      });
      if (provider.kind === 'github') return githubProfile(provider, config, tokens.access_token);
      const subject = tokens.claims()?.sub;
      if (!subject) throw new Error(`${provider.id} sent no subject`);
      const user = await client.fetchUserInfo(config, tokens.access_token, subject);
      const verified = user.email_verified === true && typeof user.email === 'string';
      return { subject, verifiedEmails: verified ? [normalizeEmail(String(user.email))] : [] };
    },
  };
}

/** True when the provider answered something the sign-in must not trust (not when it could not be reached). */
export function isRefusedAnswer(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError)
    return true;
  return (
    error instanceof client.ClientError &&
    [
      'OAUTH_INVALID_RESPONSE',
      'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
      'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
      'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
      'OAUTH_KEY_SELECTION_FAILED',
    ].includes(error.code ?? '')
  );
}
