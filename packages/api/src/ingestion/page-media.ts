import type { PageMetadata } from '@stackyard/ingestion/extract';
import {
  fetchFirstMedia,
  fetchMedia,
  type FetchedMedia,
  type FetchMediaOptions,
} from '@stackyard/ingestion/fetch-media';
import type { Executor } from '../db.ts';
import { insertMedia } from '../media/media.repo.ts';

// The icon and preview image of an ingested page, fetched through the guarded fetcher and kept as copies
// the app serves. Neither is worth failing a submission for: what cannot be fetched is simply missing.

export interface PageMedia {
  icon: FetchedMedia | null;
  image: FetchedMedia | null;
}

/** Time for every image of one page together: the job's own time limit is for the page first. */
const MEDIA_BUDGET_MS = 10_000;

/** The best icon that exists (declared ones first, /favicon.ico last) and the preview, if they are images. */
export async function fetchPageMedia(
  metadata: PageMetadata,
  fetchOptions: FetchMediaOptions,
): Promise<PageMedia> {
  const budget = AbortSignal.timeout(MEDIA_BUDGET_MS);
  const signal = fetchOptions.signal ? AbortSignal.any([fetchOptions.signal, budget]) : budget;
  const options = { ...fetchOptions, signal };
  const [icon, image] = await Promise.all([
    fetchFirstMedia(metadata.iconCandidates, 'icon', options),
    metadata.previewImage ? fetchMedia(metadata.previewImage, 'image', options) : null,
  ]);
  return { icon, image: image?.ok ? image.value : null };
}

/** Stores the copies (once per content hash); answers the hashes to link. */
export async function storePageMedia(
  db: Executor,
  media: PageMedia,
): Promise<{ iconMedia: string | null; imageMedia: string | null }> {
  for (const item of [media.icon, media.image]) {
    if (item) await insertMedia(db, { hash: item.hash, contentType: item.contentType, bytes: item.bytes });
  }
  return { iconMedia: media.icon?.hash ?? null, imageMedia: media.image?.hash ?? null };
}
