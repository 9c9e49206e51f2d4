// Icons and preview images, fetched through the guarded fetcher (no private addresses, capped size) and
// kept only when their bytes are an image of a type a browser shows in <img>: the type is read from the
// magic numbers, never taken from the Content-Type the site sent.
import { createHash } from 'node:crypto';
import { fail, ok, type Result } from './failure.ts';
import { guardedFetch, type GuardedFetchOptions } from './guarded-fetch.ts';

export type MediaKind = 'icon' | 'image';

/** The largest copy kept of each kind. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { icon: 100 * 1024, image: 1024 * 1024 };

export const MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/svg+xml',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export interface FetchedMedia {
  /** The URL asked for (before redirects): what the page named. */
  url: string;
  /** Lower-case hex SHA-256 of the bytes. */
  hash: string;
  contentType: MediaType;
  bytes: Buffer;
}

export type FetchMediaOptions = Omit<GuardedFetchOptions, 'readBodyOf' | 'accept' | 'maxBytes'>;

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The image type of these bytes by their magic numbers; null when they are none of MEDIA_TYPES. */
export function sniffImageType(bytes: Buffer): MediaType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    bytes
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  // ICO: reserved 0, type 1 (icon), at least one image.
  if (
    startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) &&
    bytes.length > 6 &&
    (bytes[4] ?? 0) + (bytes[5] ?? 0) > 0
  )
    return 'image/x-icon';
  if (isSvg(bytes)) return 'image/svg+xml';
  return null;
}

/** An SVG document: after an optional BOM, XML declaration, comments and doctype, an <svg> root element. */
function isSvg(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
    start,
  );
}

/**
 * One image, at most MEDIA_MAX_BYTES[kind]: refused (too_large, not_html for a body that is no image,
 * http_error for an error status, and the fetcher's own refusals) rather than kept half-checked.
 */
export async function fetchMedia(
  url: string,
  kind: MediaKind,
  options: FetchMediaOptions = {},
): Promise<Result<FetchedMedia>> {
  const fetched = await guardedFetch(url, {
    totalTimeoutMs: 10_000,
    ...options,
    accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8',
    maxBytes: MEDIA_MAX_BYTES[kind],
    readBodyOf: (_mediaType, status) => status >= 200 && status <= 299,
  });
  if (!fetched.ok) return fetched;
  const { status, body } = fetched.value;
  if (status < 200 || status > 299) return fail('http_error', { url, status, detail: `HTTP ${status}` });
  const contentType = sniffImageType(body);
  if (!contentType) {
    return fail('not_html', { url, detail: 'not an image', message: 'This link is not an image.' });
  }
  return ok({ url, hash: createHash('sha256').update(body).digest('hex'), contentType, bytes: body });
}

/**
 * The first of the candidates (best first) that answers with an image; null when none does. At most
 * `limit` are tried: the best ones and, always, the last (for icons the site's /favicon.ico).
 */
export async function fetchFirstMedia(
  candidates: readonly string[],
  kind: MediaKind,
  options: FetchMediaOptions = {},
  limit = 3,
): Promise<FetchedMedia | null> {
  const tries =
    candidates.length > limit ? [...candidates.slice(0, limit - 1), ...candidates.slice(-1)] : candidates;
  for (const candidate of tries) {
    if (options.signal?.aborted) return null;
    const fetched = await fetchMedia(candidate, kind, options);
    if (fetched.ok) return fetched.value;
  }
  return null;
}
