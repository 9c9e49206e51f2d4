import { eq } from 'drizzle-orm';
import { media } from '@stackyard/db/schema';
import type { Executor } from '../db.ts';

export interface MediaRow {
  hash: string;
  contentType: string;
  bytes: Buffer;
}

/** Keeps a copy; the same bytes (same hash) are stored once. Written only by ingestion's job. */
export async function insertMedia(db: Executor, item: MediaRow): Promise<void> {
  await db
    .insert(media)
    .values({ hash: item.hash, contentType: item.contentType, bytes: item.bytes, size: item.bytes.length })
    .onConflictDoNothing();
}

export async function findMedia(db: Executor, hash: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select({ hash: media.hash, contentType: media.contentType, bytes: media.bytes })
    .from(media)
    .where(eq(media.hash, hash));
  return row;
}
