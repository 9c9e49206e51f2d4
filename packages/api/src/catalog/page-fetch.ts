import { AppError } from '@stackyard/contracts/problem';
import { createAddressPolicy } from '@stackyard/ingestion/address-policy';
import { fetchMedia, type FetchedMedia } from '@stackyard/ingestion/fetch-media';
import type { FetchPageOptions } from '@stackyard/ingestion/fetch-page';
import type { Executor } from '../db.ts';
import { insertMedia } from '../media/media.repo.ts';

/** How the API itself reads a page or an image (a refresh, a chosen icon): the ingestion fetcher's rules. */
export interface PageFetchSettings {
  /** Intranet hosts and ranges the fetcher may reach (empty: public addresses only). */
  allowlist: readonly string[];
  denyDomains: readonly string[];
  /** Further fetcher options (tests: a resolver). */
  fetch?: Omit<FetchPageOptions, 'policy' | 'signal'>;
}

export const DEFAULT_PAGE_FETCH: PageFetchSettings = { allowlist: [], denyDomains: [] };

// The caller waits for the fetch: a slow site is given up on rather than holding the request.
const FETCH_TIMEOUT_MS = 15_000;

export function fetchOptions(settings: PageFetchSettings) {
  return {
    ...settings.fetch,
    policy: createAddressPolicy({ allowlist: settings.allowlist, denyDomains: settings.denyDomains }),
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  };
}

/** The icon a member chose, fetched as ingestion fetches one (an image, small); 422 naming icon_url if not. */
export async function fetchChosenIcon(settings: PageFetchSettings, url: string): Promise<FetchedMedia> {
  const fetched = await fetchMedia(url, 'icon', fetchOptions(settings));
  if (!fetched.ok) {
    throw new AppError('unprocessable', `icon_url: the image could not be used: ${fetched.failure.message}`);
  }
  return fetched.value;
}

/** Keeps the app's copy of a chosen icon (once per content hash); answers its hash. */
export async function storeChosenIcon(db: Executor, icon: FetchedMedia): Promise<string> {
  await insertMedia(db, { hash: icon.hash, contentType: icon.contentType, bytes: icon.bytes });
  return icon.hash;
}
