import { AppError } from '@stackyard/contracts/problem';
import type { Database } from '@stackyard/db/client';
import type { Actor } from '../auth/authenticate.ts';
import { findMedia, type MediaRow } from './media.repo.ts';

export const MEDIA_NOT_FOUND = 'Image not found';

/**
 * A stored icon or preview. Any signed-in caller may read one: a copy is keyed by the hash of its bytes, the
 * same for every workspace that links it, so its address says nothing a caller did not already see, and an
 * image is no more private than the public page it came from. The session is still asked for, so the app is
 * not an open image host.
 */
export async function getMedia(db: Database, _actor: Actor, hash: string): Promise<MediaRow> {
  const row = await findMedia(db, hash);
  if (!row) throw new AppError('not_found', MEDIA_NOT_FOUND);
  return row;
}
