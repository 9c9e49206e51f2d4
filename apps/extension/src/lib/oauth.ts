// Signing in through the server's OAuth 2.1 authorization server (docs/oauth.md) as a public client: the
// extension registers itself once per server, runs the authorization code flow with PKCE in the browser's
// sign-in window (chrome.identity), and keeps the access and refresh tokens in storage, refreshing them
// before they expire or when the server refuses one.

/** The tokens of a sign-in, for the server they came from. */
export interface SignIn {
  serverUrl: string;
  clientId: string;
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

interface ServerMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint?: string;
}

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const SIGN_IN_KEY = 'oauth';
const CLIENTS_KEY = 'oauthClients';
// Refreshed this long before it expires, so a call started just before the hour does not fail halfway.
const REFRESH_MARGIN_MS = 60_000;
// The popup, the options page and the background can all refresh at once; a refresh token works once and
// presenting it twice revokes the grant, so the refreshes queue on this lock (shared by the extension's pages
// and its worker) and each reads the tokens again once it holds it.
const REFRESH_LOCK = 'stackyard-oauth-refresh';

/** The API's own scope names: the extension saves, so it asks for both. */
const SCOPE = 'read_write';

/** A failed sign-in step; `refused` when the server answered no (rather than not answering). */
export class SignInError extends Error {
  readonly refused: boolean;
  constructor(message: string, refused = true) {
    super(message);
    this.refused = refused;
  }
}

async function json<T>(request: Promise<Response>, what: string): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new SignInError(`Could not reach the server to ${what}.`, false);
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: string; error_description?: string }) | null;
  if (!response.ok || body === null) {
    const reason = body?.error_description ?? body?.error ?? `${response.status} ${response.statusText}`;
    throw new SignInError(`The server refused to ${what}: ${reason}`);
  }
  return body;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

function discover(serverUrl: string): Promise<ServerMetadata> {
  return json<ServerMetadata>(
    fetch(`${serverUrl}/.well-known/oauth-authorization-server`),
    'describe its sign-in (is this a stackyard server?)',
  );
}

/** The client id this extension registered at the server, registering it the first time. */
async function clientIdFor(serverUrl: string, metadata: ServerMetadata, redirectUri: string) {
  const clients = ((await chrome.storage.local.get([CLIENTS_KEY]))[CLIENTS_KEY] ?? {}) as Record<
    string,
    { clientId: string; redirectUri: string }
  >;
  const cached = clients[serverUrl];
  if (cached && cached.redirectUri === redirectUri) return cached.clientId;
  const { client_id: clientId } = await json<{ client_id: string }>(
    fetch(metadata.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'stackyard browser extension', redirect_uris: [redirectUri] }),
    }),
    'register the extension',
  );
  await chrome.storage.local.set({ [CLIENTS_KEY]: { ...clients, [serverUrl]: { clientId, redirectUri } } });
  return clientId;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function pkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

function signInFrom(serverUrl: string, clientId: string, tokens: TokenResponse): SignIn {
  return {
    serverUrl,
    clientId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: Date.now() + tokens.expires_in * 1000,
  };
}

/**
 * The code flow, with `authorize` opening the authorization URL in the user's browser and answering the URL
 * the server redirected back to (chrome.identity.launchWebAuthFlow in the extension).
 */
async function signIn(
  serverUrl: string,
  redirectUri: string,
  authorize: (url: string) => Promise<string>,
): Promise<SignIn> {
  const metadata = await discover(serverUrl);
  const clientId = await clientIdFor(serverUrl, metadata, redirectUri);
  const { verifier, challenge } = await pkce();
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: SCOPE,
    state,
  }).toString();
  const answer = new URL(await authorize(url.toString()));
  if (answer.searchParams.get('state') !== state)
    throw new SignInError('The sign-in answer was not for this request.');
  const error = answer.searchParams.get('error');
  if (error === 'access_denied') throw new SignInError('Sign-in was denied.');
  const code = answer.searchParams.get('code');
  if (error || !code) throw new SignInError(`The server refused the sign-in: ${error ?? 'no code'}`);
  const tokens = await json<TokenResponse>(
    fetch(
      metadata.token_endpoint,
      form({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    ),
    'finish the sign-in',
  );
  return signInFrom(serverUrl, clientId, tokens);
}

async function refresh(current: SignIn): Promise<SignIn> {
  const metadata = await discover(current.serverUrl);
  const tokens = await json<TokenResponse>(
    fetch(
      metadata.token_endpoint,
      form({ grant_type: 'refresh_token', refresh_token: current.refreshToken, client_id: current.clientId }),
    ),
    'renew the sign-in',
  );
  return signInFrom(current.serverUrl, current.clientId, tokens);
}

/** Ends the grant at the server when it offers revocation; the tokens are forgotten either way. */
export async function revoke(current: SignIn): Promise<void> {
  const metadata = await discover(current.serverUrl);
  if (!metadata.revocation_endpoint) return;
  await fetch(
    metadata.revocation_endpoint,
    form({ token: current.refreshToken, client_id: current.clientId }),
  );
}

export async function loadSignIn(): Promise<SignIn | null> {
  const stored = (await chrome.storage.local.get([SIGN_IN_KEY]))[SIGN_IN_KEY];
  return stored && typeof stored === 'object' ? (stored as SignIn) : null;
}

const saveSignIn = (current: SignIn) => chrome.storage.local.set({ [SIGN_IN_KEY]: current });

export const forgetSignIn = () => chrome.storage.local.remove([SIGN_IN_KEY]);

/**
 * An access token of the sign-in to this server that is not about to expire (or, with `refused`, not the
 * one the server just refused), refreshed when needed; null when there is no such sign-in or it has ended.
 */
export function accessToken(serverUrl: string, refused?: string): Promise<string | null> {
  return navigator.locks.request(REFRESH_LOCK, async () => {
    const current = await loadSignIn();
    if (!current || current.serverUrl !== serverUrl) return null;
    const stale = current.accessToken === refused || current.expiresAt - Date.now() < REFRESH_MARGIN_MS;
    if (!stale) return current.accessToken;
    try {
      const renewed = await refresh(current);
      await saveSignIn(renewed);
      return renewed.accessToken;
    } catch (error) {
      // A refused refresh token means the grant is over (revoked, expired): signed out.
      if (error instanceof SignInError && error.refused) await forgetSignIn();
      throw error;
    }
  });
}

/** The address the server sends the browser back to: https://<extension id>.chromiumapp.org/ in Chromium. */
const redirectUri = () => chrome.identity.getRedirectURL();

export async function signInWithBrowser(serverUrl: string): Promise<SignIn> {
  const current = await signIn(serverUrl, redirectUri(), async (url) => {
    const answer = await chrome.identity.launchWebAuthFlow({ url, interactive: true });
    if (!answer) throw new SignInError('The sign-in window was closed.');
    return answer;
  });
  await saveSignIn(current);
  return current;
}
