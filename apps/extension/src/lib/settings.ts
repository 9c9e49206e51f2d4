// What the extension keeps in the browser: where the stackyard server is, the access token it signs in
// with (an OAuth sign-in's, else the pasted one), and the last workspace and kind chosen (so the next save
// starts from them).
import type { SubmissionKind } from '@stackyard/contracts/ingestion';
import { accessToken } from './oauth.ts';

export interface Connection {
  serverUrl: string;
  token: string;
  /** Set when the token comes from an OAuth sign-in, which can be refreshed. */
  oauth?: true;
}

export interface LastChoice {
  workspaceId?: string;
  kind?: SubmissionKind;
}

const CONNECTION_KEYS = ['serverUrl', 'token'];

export async function loadConnection(): Promise<Connection | null> {
  const stored = await chrome.storage.local.get(CONNECTION_KEYS);
  const { serverUrl, token } = stored;
  if (typeof serverUrl === 'string' && serverUrl) {
    const signedIn = await accessToken(serverUrl).catch(() => null);
    if (signedIn) return { serverUrl, token: signedIn, oauth: true };
  }
  return typeof serverUrl === 'string' && typeof token === 'string' && serverUrl && token
    ? { serverUrl, token }
    : null;
}

export async function loadServerUrl(): Promise<string> {
  const { serverUrl } = await chrome.storage.local.get(['serverUrl']);
  return typeof serverUrl === 'string' ? serverUrl : '';
}

export function saveConnection(connection: Connection): Promise<void> {
  return chrome.storage.local.set({ serverUrl: connection.serverUrl, token: connection.token });
}

export function saveServerUrl(serverUrl: string): Promise<void> {
  return chrome.storage.local.set({ serverUrl });
}

export function forgetToken(): Promise<void> {
  return chrome.storage.local.remove(['token']);
}

export async function loadLastChoice(): Promise<LastChoice> {
  const { workspaceId, kind } = await chrome.storage.local.get(['workspaceId', 'kind']);
  return {
    ...(typeof workspaceId === 'string' ? { workspaceId } : {}),
    ...(kind === 'tool' || kind === 'resource' ? { kind } : {}),
  };
}

export function saveLastChoice(choice: LastChoice): Promise<void> {
  return chrome.storage.local.set({ ...choice });
}

/**
 * The server's address as typed, reduced to its origin and path without a trailing slash; null when it is
 * not an http(s) address.
 */
export function serverUrlOf(typed: string): string | null {
  try {
    const url = new URL(typed.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return null;
  }
}
