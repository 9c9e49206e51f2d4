import type { GithubAppConfig } from '@stackyard/store/config';
import {
  createGithubClient,
  type GithubClient,
  type GithubClientOptions,
} from '@stackyard/store/github-client';

// What the store's routes and its sync worker share: the GitHub App (null when the server has none), a client
// for it, and the sync timing.

export interface StoreSettings {
  /** The GitHub App; null: storage is not configured and the storage page explains the set-up. */
  app: GithubAppConfig | null;
  /** How long a workspace must be quiet before its changes are written (one commit per batch). */
  syncDelayMs: number;
  /** A workspace edited without pause is still written after this long. */
  maxWaitMs: number;
  pollMs: number;
  /** One sync attempt's time limit. */
  timeoutMs: number;
  /** How often linked workspaces with unsynced changes are looked for (after a crash or given-up retries). */
  sweepMs: number;
  /** Delay before the retry after attempt n (the queue's default when not given). */
  backoffMs?: (attempt: number) => number;
  /** Options of the GitHub client (tests: fetch, clock). */
  client?: GithubClientOptions;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  app: null,
  syncDelayMs: 5_000,
  maxWaitMs: 60_000,
  pollMs: 1_000,
  timeoutMs: 120_000,
  sweepMs: 5 * 60_000,
};

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
