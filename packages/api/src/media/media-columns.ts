import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { mediaUrl } from '@stackyard/contracts/media';

/** The paths a client shows for an item's stored icon and image, selected from the columns of their hashes. */
export function storedMedia(icon: SQLWrapper, image: SQLWrapper) {
  return { icon: mediaPath(icon), image: mediaPath(image) };
}

// The decoder is not run for null: an item without a copy answers null.
const mediaPath = (hash: SQLWrapper) => sql`${hash}`.mapWith(mediaUrl) as SQL<string | null>;
