import { z } from 'zod';

// Icons and preview images the app stores and serves itself: GET /api/v1/media/{hash}.

/** A stored image's key: the lower-case hex SHA-256 of its bytes. */
export const mediaHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 in lower-case hex');
export const mediaParamsSchema = z.object({ hash: mediaHashSchema });

/** Where the app serves a stored image (same origin as the app, so the browser sends the session). */
export const mediaUrl = (hash: string) => `/api/v1/media/${hash}`;

/**
 * The copies the app serves of an item's icon and preview image (paths on this server, /api/v1/media/…), or
 * null when the page had none or it could not be fetched as an image.
 */
export const storedMediaSchema = z.object({
  icon: z.string().nullable(),
  image: z.string().nullable(),
});
export type StoredMedia = z.infer<typeof storedMediaSchema>;
