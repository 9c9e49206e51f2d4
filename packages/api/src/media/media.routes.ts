import { z } from 'zod';
import { mediaParamsSchema } from '@stackyard/contracts/media';
import { MEDIA_TYPES } from '@stackyard/ingestion/fetch-media';
import type { ApiApp, RouteDeps } from '../context.ts';
import { notFound } from '../http.ts';
import { routesOf } from '../route.ts';
import { getMedia } from './media.service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * An image opened on its own (an SVG above all) runs nothing and loads nothing: no script, no subresource,
 * sandboxed. Inside the app's <img> a browser never runs an SVG's scripts anyway.
 */
const INERT = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function mediaRoutes(app: ApiApp, { db }: RouteDeps): void {
  const routes = routesOf(app, 'media');
  routes.get('/media/:hash', {
    summary: 'A stored icon or preview image (signed-in callers), by the SHA-256 of its bytes',
    description:
      'Copies of the icons and preview images ingestion fetched, so browsers never contact the sites themselves. ' +
      'The type was checked on the bytes when stored (PNG, JPEG, GIF, WebP, ICO, SVG). Immutable: cached for a year; ' +
      'If-None-Match with the hash answers 304. Answered with nosniff and a sandboxing Content-Security-Policy.',
    params: mediaParamsSchema,
    file: {
      description: 'The image',
      content: Object.fromEntries(MEDIA_TYPES.map((type) => [type, { schema: z.string() }])),
    },
    problems: { 304: z.undefined(), ...notFound },
    handler: async ({ actor, params, request, reply }) => {
      const row = await getMedia(db, actor, params.hash);
      const etag = `"${row.hash}"`;
      reply
        .header('etag', etag)
        .header('cache-control', `private, max-age=${YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', INERT)
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(row.contentType).send(row.bytes);
    },
  });
}
