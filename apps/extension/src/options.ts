// The options page: the server's address and the access token, checked against the server before they are
// kept.
import { listWorkspaces } from './lib/api.ts';
import { byId, say } from './lib/dom.ts';
import { forgetToken, loadConnection, loadServerUrl, saveConnection, serverUrlOf } from './lib/settings.ts';

const serverField = byId<HTMLInputElement>('server-url');
const tokenField = byId<HTMLInputElement>('token');
const result = byId('result');
const errorBox = byId('error');
const tokensLink = byId<HTMLAnchorElement>('tokens-link');

function linkTokens(serverUrl: string | null) {
  if (serverUrl) tokensLink.href = `${serverUrl}/settings/access-tokens`;
  else tokensLink.removeAttribute('href');
}

async function connect(event: SubmitEvent) {
  event.preventDefault();
  say(errorBox, '');
  say(result, '');
  const serverUrl = serverUrlOf(serverField.value);
  const token = tokenField.value.trim();
  if (!serverUrl) {
    say(errorBox, 'Server URL must be a valid http or https URL, e.g. https://stackyard.example.com.');
    serverField.focus();
    return;
  }
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
    const count = workspaces.length === 1 ? '1 workspace' : `${workspaces.length} workspaces`;
    say(result, `Connected to ${serverUrl}: ${count}.`);
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
  if ((await loadConnection()) !== null) say(result, `Connected to ${serverUrl}.`);
  serverField.addEventListener('input', () => linkTokens(serverUrlOf(serverField.value)));
  byId<HTMLFormElement>('connection-form').addEventListener('submit', (event) => void connect(event));
  byId('forget').addEventListener('click', () => void forget());
}

void start();
