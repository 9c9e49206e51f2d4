import type { GithubAppConfig } from '@stackyard/store/config';
import type { GithubClientOptions } from '@stackyard/store/github-client';

// The store's settings, apart from its context: the server's configuration reads the defaults before it loads
// the app, and the context's GitHub client brings Octokit and the JWT library with it.

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
