import { createGithubClient, type GithubClient } from '@stackyard/store/github-client';
import type { StoreSettings } from './store-settings.ts';

// What the store's routes and its sync worker share: the GitHub App (null when the server has none), a client
// for it, and the sync timing.

export interface StoreContext {
  settings: StoreSettings;
  /** Null when storage is not configured. */
  github: GithubClient | null;
  /** Tells the sync worker a job was enqueued. */
  wake(): void;
}

export function createStoreContext(settings: StoreSettings, wake: () => void = () => {}): StoreContext {
  const github = settings.app
    ? createGithubClient(settings.app, { userAgent: 'stackyard', ...settings.client })
    : null;
  return { settings, github, wake };
}

export const REQUIRED_VARIABLES = [
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_APP_SLUG',
  'GITHUB_APP_CLIENT_ID',
  'GITHUB_APP_CLIENT_SECRET',
] as const;

export const NOT_CONFIGURED =
  'Storage is not configured on this server. An administrator must create a GitHub App and set GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_SLUG, GITHUB_APP_CLIENT_ID and GITHUB_APP_CLIENT_SECRET.';
