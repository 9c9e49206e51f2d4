import { createJsonFetcher, type FactsHttpSettings, type FetchJson } from './facts-http.ts';
import type { GithubSettings } from './github-facts.ts';
import type { RegistrySettings } from './registry-facts.ts';

// What the facts job and routes share in one process: the upstream URLs, the fetcher, and GitHub's pause
// (after a rate limit no tool asks GitHub again until the time it gave).

export interface FactsSettings {
  github: GithubSettings;
  registries: RegistrySettings;
  http: FactsHttpSettings;
  /** Facts older than this are refreshed by the periodic sweep (FACTS_MAX_AGE_DAYS). */
  maxAgeMs: number;
  pollMs: number;
  /** How often the sweep looks for stale facts; 0: never (tests). */
  sweepMs: number;
  /** Tools the sweep enqueues at once. */
  sweepBatch: number;
}

export const DEFAULT_FACTS_SETTINGS: FactsSettings = {
  github: { apiUrl: 'https://api.github.com' },
  registries: {
    npmRegistryUrl: 'https://registry.npmjs.org',
    npmDownloadsUrl: 'https://api.npmjs.org',
    pypiUrl: 'https://pypi.org',
    cratesUrl: 'https://crates.io',
    depsDevUrl: 'https://api.deps.dev',
  },
  http: { allowlist: [] },
  maxAgeMs: 7 * 24 * 3600 * 1000,
  pollMs: 1000,
  sweepMs: 15 * 60_000,
  sweepBatch: 500,
};

export interface FactsContext {
  settings: FactsSettings;
  fetchJson: FetchJson;
  /** Epoch ms before which GitHub is not asked again (its rate limit); 0: not paused. */
  githubPausedUntil: number;
  /** Tells the facts worker a job was queued. */
  wake(): void;
}

export function createFactsContext(settings: FactsSettings, wake: () => void = () => {}): FactsContext {
  return { settings, fetchJson: createJsonFetcher(settings.http), githubPausedUntil: 0, wake };
}
