import type { FactsHttpSettings } from './facts-http.ts';
import type { GithubSettings } from './github-facts.ts';
import type { RegistrySettings } from './registry-facts.ts';

// The facts' settings, apart from their context: the server's configuration reads the defaults before it
// loads the app, and the context's fetcher brings the guarded HTTP client with it.

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
