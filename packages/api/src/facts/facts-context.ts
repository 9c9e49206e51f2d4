import { createJsonFetcher, type FetchJson } from './facts-http.ts';
import type { FactsSettings } from './facts-settings.ts';

// What the facts job and routes share in one process: the upstream URLs, the fetcher, and GitHub's pause
// (after a rate limit no tool asks GitHub again until the time it gave).

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
