import { z } from 'zod';
import { mediaParamsSchema } from '@stackyard/contracts/media';
import { MEDIA_TYPES } from '@stackyard/ingestion/fetch-media';
import { actorOf, type ApiApp, type RouteDeps } from '../context.ts';
import { always, notFound } from '../http.ts';
import { getMedia } from './media.service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
/**
 * An image opened on its own (an SVG above all) runs nothing and loads nothing: no script, no subresource,
 * sandboxed. Inside the app's <img> a browser never runs an SVG's scripts anyway.
 */
const INERT = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function mediaRoutes(app: ApiApp, { db }: RouteDeps): void {
  app.get(
    '/media/:hash',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored icon or preview image (signed-in callers), by the SHA-256 of its bytes',
        description:
          'Copies of the icons and preview images ingestion fetched, so browsers never contact the sites themselves. ' +
          'The type was checked on the bytes when stored (PNG, JPEG, GIF, WebP, ICO, SVG). Immutable: cached for a year; ' +
          'If-None-Match with the hash answers 304. Answered with nosniff and a sandboxing Content-Security-Policy.',
        params: mediaParamsSchema,
        response: {
          200: {
            description: 'The image',
            content: Object.fromEntries(MEDIA_TYPES.map((type) => [type, { schema: z.string() }])),
          },
          304: z.undefined(),
          ...always,
          ...notFound,
        },
      },
    },
    async (request, reply) => {
      const row = await getMedia(db, actorOf(request), request.params.hash);
      const etag = `"${row.hash}"`;
      reply
        .header('etag', etag)
        .header('cache-control', `private, max-age=${YEAR_SECONDS}, immutable`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', INERT)
        .header('content-disposition', 'inline');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      // The declared body is a string (its OpenAPI shape); Fastify sends a Buffer as the bytes it holds.
      return reply.type(row.contentType).send(row.bytes as unknown as string);
    },
  );
}
