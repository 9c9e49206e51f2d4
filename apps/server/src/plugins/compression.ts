import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';

/**
 * Every text response goes out compressed (brotli, else gzip) when the client accepts it, and carries an ETag:
 * a client that revalidates a list with If-None-Match gets a 304 without the body. Already-compressed media
 * (images, zips) is left as it is; the SPA's hashed files are compressed once at build time and served as
 * they are (plugins/web.ts), so only answers made per request are compressed here.
 */
export async function compression(app: FastifyInstance): Promise<void> {
  // First: its onSend hook must see the payload before compression turns it into a stream. Weak, because one
  // tag stands for the same content in every encoding.
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 4 compresses JSON about as well as gzip -9 at a fraction of brotli's default (11) CPU per answer.
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
