// The options page: the server's address, then either a sign-in through the server's OAuth flow or a pasted
// access token, checked against the server before they are kept.
import { listWorkspaces } from './lib/api.ts';
import { byId, say } from './lib/dom.ts';
import { forgetSignIn, loadSignIn, revoke, signInWithBrowser } from './lib/oauth.ts';
import {
  forgetToken,
  loadConnection,
  loadServerUrl,
  saveConnection,
  saveServerUrl,
  serverUrlOf,
} from './lib/settings.ts';

const serverField = byId<HTMLInputElement>('server-url');
const tokenField = byId<HTMLInputElement>('token');
const result = byId('result');
const errorBox = byId('error');
const tokensLink = byId<HTMLAnchorElement>('tokens-link');
const signInButton = byId<HTMLButtonElement>('sign-in');
const signOutButton = byId<HTMLButtonElement>('sign-out');

function linkTokens(serverUrl: string | null) {
  if (serverUrl) tokensLink.href = `${serverUrl}/settings/access-tokens`;
  else tokensLink.removeAttribute('href');
  signInButton.textContent = `Sign in with ${serverUrl ? new URL(serverUrl).host : 'stackyard'}`;
}

const countOf = (workspaces: unknown[]) =>
  workspaces.length === 1 ? '1 workspace' : `${workspaces.length} workspaces`;

function typedServerUrl(): string | null {
  const serverUrl = serverUrlOf(serverField.value);
  if (!serverUrl) {
    say(errorBox, 'Server URL must be a valid http or https URL, e.g. https://stackyard.example.com.');
    serverField.focus();
  }
  return serverUrl;
}

async function signIn() {
  say(errorBox, '');
  say(result, '');
  const serverUrl = typedServerUrl();
  if (!serverUrl) return;
  signInButton.disabled = true;
  try {
    const current = await signInWithBrowser(serverUrl);
    await saveServerUrl(serverUrl);
    const workspaces = await listWorkspaces({ serverUrl, token: current.accessToken, oauth: true });
    serverField.value = serverUrl;
    linkTokens(serverUrl);
    signOutButton.hidden = false;
    say(result, `Signed in to ${serverUrl}: ${countOf(workspaces)}.`);
  } catch (error) {
    say(errorBox, error instanceof Error ? error.message : String(error));
  } finally {
    signInButton.disabled = false;
  }
}

async function signOut() {
  const current = await loadSignIn();
  await forgetSignIn();
  signOutButton.hidden = true;
  say(errorBox, '');
  // Forgotten here whatever the server answers; revoking ends the grant there too when it can be reached.
  if (current) await revoke(current).catch(() => undefined);
  say(result, 'Signed out.');
}

async function connect(event: SubmitEvent) {
  event.preventDefault();
  say(errorBox, '');
  say(result, '');
  const serverUrl = typedServerUrl();
  const token = tokenField.value.trim();
  if (!serverUrl) return;
  if (!token) {
    say(errorBox, 'Paste an access token from Settings → Access tokens.');
    tokenField.focus();
    return;
  }
  const button = byId<HTMLButtonElement>('connect');
  button.disabled = true;
  try {
    const workspaces = await listWorkspaces({ serverUrl, token });
    await saveConnection({ serverUrl, token });
    serverField.value = serverUrl;
    linkTokens(serverUrl);
    say(result, `Connected to ${serverUrl}: ${countOf(workspaces)}.`);
  } catch (error) {
    say(errorBox, error instanceof Error ? error.message : String(error));
  } finally {
    button.disabled = false;
  }
}

async function forget() {
  await forgetToken();
  tokenField.value = '';
  say(errorBox, '');
  say(result, 'The token is forgotten; paste one again to save.');
}

async function start() {
  const serverUrl = (await loadConnection())?.serverUrl ?? (await loadServerUrl());
  serverField.value = serverUrl;
  linkTokens(serverUrlOf(serverUrl));
  const connection = await loadConnection();
  if (connection?.oauth) say(result, `Signed in to ${serverUrl}.`);
  else if (connection !== null) say(result, `Connected to ${serverUrl}.`);
  signOutButton.hidden = !connection?.oauth;
  serverField.addEventListener('input', () => linkTokens(serverUrlOf(serverField.value)));
  byId<HTMLFormElement>('connection-form').addEventListener('submit', (event) => void connect(event));
  byId('forget').addEventListener('click', () => void forget());
  signInButton.addEventListener('click', () => void signIn());
  signOutButton.addEventListener('click', () => void signOut());
}

void start();
