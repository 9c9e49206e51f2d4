import type { HostLimits } from '@stackyard/db/host-limits';
import type { Resolver } from '@stackyard/ingestion/guarded-fetch';

// The link health settings one process shares between its job and its routes.

export interface HealthSettings {
  /** Items checked longer ago than this are checked again by the periodic sweep (LINK_HEALTH_INTERVAL_DAYS). */
  intervalMs: number;
  /** Failed checks in a row before an item is failing (LINK_HEALTH_FAILING_AFTER). */
  failingAfter: number;
  /** Politeness: checks of one host at once, and their least spacing (LINK_HEALTH_HOST_SPACING_MS). */
  hostLimits: HostLimits;
  /** Intranet hosts the checks may reach (the ingestion allowlist), and domains never fetched. */
  allowlist: readonly string[];
  denyDomains: readonly string[];
  /** Tests point host names at loopback. */
  resolver?: Resolver;
  /** One check's time limit. */
  timeoutMs: number;
  pollMs: number;
  /** How often the sweep looks for items due; 0: never (tests). */
  sweepMs: number;
  /** Items the sweep enqueues at once. */
  sweepBatch: number;
  /** Jobs one worker runs at once (over all hosts). */
  concurrency: number;
}

export const DEFAULT_HEALTH_SETTINGS: HealthSettings = {
  intervalMs: 7 * 24 * 3600 * 1000,
  failingAfter: 3,
  hostLimits: { concurrency: 1, spacingMs: 2000 },
  allowlist: [],
  denyDomains: [],
  timeoutMs: 15_000,
  pollMs: 1000,
  sweepMs: 15 * 60_000,
  sweepBatch: 2000,
  concurrency: 8,
};

export interface HealthContext {
  settings: HealthSettings;
  /** Tells the health worker a check was queued. */
  wake(): void;
}
